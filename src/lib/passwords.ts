import { m } from "../../common/messages";
import { ServiceUnavailable } from "./errors";
import { recordPasswordCheck, recordPasswordHashBusy } from "./metrics";

/** argon2id's memory (KiB) and passes; src/config.ts reads them from the environment. */
export type PasswordCost = { memoryCost: number; timeCost: number };

/** How many hashes run at once in this process, and how many more may wait for a slot. */
export type HashingBounds = { concurrency: number; queue: number };

/**
 * argon2id via Bun.password at the cost config sets (production: ~120 ms, 64 MiB per hash), so
 * hashing is bounded per process (a semaphore): a few at once, a bounded queue behind them, and
 * past the queue a 503 with Retry-After at once. An unbounded queue let a flood of log-ins keep
 * a right log-in waiting for seconds; refused at once, the flood costs no memory and the client
 * is told when to come back. The queue is fair between callers: each waits under a key (a
 * log-in's client address or device), freed slots go round the keys in turn, one key runs at
 * most half the slots and may hold at most a quarter of the queue. So one address with many
 * hashes waiting delays another's log-in by about one hash, not by its whole queue, and never
 * has every slot. Calls without a key (sign-ups, resets) share the key "", which has no shares.
 * Verifying reads the cost from the stored hash.
 */
let bounds: HashingBounds = { concurrency: 4, queue: 32 };
let running = 0;
const runningByKey = new Map<string, number>();
/** The waiters by key, keys in turn order: the key served last goes to the back. */
const waiting = new Map<string, (() => void)[]>();
let waitingCount = 0;

/** Set from the configuration when the app is built (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE). */
export function setHashingBounds(next: HashingBounds): void {
  bounds = next;
}

function slotsFor(key: string): number {
  return key === "" ? bounds.concurrency : Math.max(1, Math.ceil(bounds.concurrency / 2));
}

function queueFor(key: string): number {
  return key === "" ? bounds.queue : Math.max(1, Math.ceil(bounds.queue / 4));
}

function mayRun(key: string): boolean {
  return running < bounds.concurrency && (runningByKey.get(key) ?? 0) < slotsFor(key);
}

function startRunning(key: string): void {
  running++;
  runningByKey.set(key, (runningByKey.get(key) ?? 0) + 1);
}

function stopRunning(key: string): void {
  running--;
  const left = (runningByKey.get(key) ?? 1) - 1;
  if (left > 0) runningByKey.set(key, left);
  else runningByKey.delete(key);
}

/** Seconds a refused caller should wait: the queue ahead of it, at about 120 ms a hash. */
function retryAfterSeconds(): number {
  return Math.max(1, Math.ceil(((waitingCount + running) * 0.12) / bounds.concurrency));
}

/**
 * After a hash ends: the first key in turn that may run starts its first waiter (synchronously,
 * so a call arriving meanwhile cannot take that slot) and goes to the back of the turns.
 */
function handOver(): void {
  for (const [key, queue] of waiting) {
    if (!mayRun(key)) continue;
    const next = queue.shift()!;
    waiting.delete(key);
    if (queue.length > 0) waiting.set(key, queue);
    waitingCount--;
    startRunning(key);
    next();
    return;
  }
}

/**
 * Runs `work` in one of the process's hashing slots, waiting its turn under `key`. The slot is
 * taken (or the place in the queue, or the refusal) synchronously on the call, so parallel
 * callers cannot all slip in.
 */
export async function withHashSlot<T>(work: () => Promise<T>, key = ""): Promise<T> {
  if (mayRun(key) && !waiting.has(key)) startRunning(key);
  else {
    const queue = waiting.get(key) ?? [];
    if (waitingCount >= bounds.queue || queue.length >= queueFor(key)) {
      recordPasswordHashBusy();
      throw new ServiceUnavailable(m.auth.passwordChecksBusy, retryAfterSeconds());
    }
    // handOver starts the waiter (startRunning) before resolving it.
    await new Promise<void>((resolve) => {
      queue.push(resolve);
      if (!waiting.has(key)) waiting.set(key, queue);
      waitingCount++;
    });
  }
  try {
    return await work();
  } finally {
    stopRunning(key);
    handOver();
  }
}

export function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  return withHashSlot(() => Bun.password.hash(password, { algorithm: "argon2id", ...cost }));
}

/** `key` names who waits (a log-in's address or device), for the queue's turns. */
export function verifyPassword(password: string, hash: string, key = ""): Promise<boolean> {
  return withHashSlot(() => {
    recordPasswordCheck();
    return Bun.password.verify(password, hash);
  }, key);
}

// Compared against when the username is unknown, so a miss costs the same time as a hit (one
// per cost: a process has one, the test processes hold several apps).
const dummyHashes = new Map<string, Promise<string>>();
function dummyHashFor(cost: PasswordCost): Promise<string> {
  const key = `${cost.memoryCost}/${cost.timeCost}`;
  let dummyHash = dummyHashes.get(key);
  if (!dummyHash) {
    dummyHash = hashPassword("clubnica-timing-equaliser", cost);
    // A refused first try (a full queue) must not leave every later miss refused too.
    dummyHash.catch(() => dummyHashes.delete(key));
    dummyHashes.set(key, dummyHash);
  }
  return dummyHash;
}

/**
 * Made at start-up (app.ts), so not even the first unknown username of a process costs more
 * than a known one (it would otherwise pay for the dummy hash too).
 */
export function primeDummyHash(cost: PasswordCost): void {
  dummyHashFor(cost).catch(() => {
    // Made again on the first miss.
  });
}

export function verifyAgainstDummy(password: string, cost: PasswordCost, key = ""): Promise<boolean> {
  return dummyHashFor(cost)
    .then((hash) => verifyPassword(password, hash, key))
    .then(() => false);
}
