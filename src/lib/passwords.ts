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
 * past the queue a 503 with Retry-After at once. An unbounded queue let a flood of log-ins from
 * many addresses keep a right log-in waiting for seconds; refused at once, the flood costs no
 * memory and the client is told when to come back. Verifying reads the cost from the stored hash.
 */
let bounds: HashingBounds = { concurrency: 4, queue: 32 };
let running = 0;
const waiting: (() => void)[] = [];

/** Set from the configuration when the app is built (PASSWORD_HASH_CONCURRENCY, PASSWORD_HASH_QUEUE). */
export function setHashingBounds(next: HashingBounds): void {
  bounds = next;
}

/** Seconds a refused caller should wait: the queue ahead of it, at about 120 ms a hash. */
function retryAfterSeconds(): number {
  return Math.max(1, Math.ceil(((waiting.length + running) * 0.12) / bounds.concurrency));
}

/**
 * Runs `work` in one of the process's hashing slots. The slot is taken (or the place in the
 * queue, or the refusal) synchronously on the call, so parallel callers cannot all slip in.
 */
export async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < bounds.concurrency) running++;
  else if (waiting.length >= bounds.queue) {
    recordPasswordHashBusy();
    throw new ServiceUnavailable(m.auth.passwordChecksBusy, retryAfterSeconds());
  } else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // A freed slot passes straight to the next waiter (running stays the same), so a call
    // arriving before that waiter resumes cannot take it too.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  return withHashSlot(() => Bun.password.hash(password, { algorithm: "argon2id", ...cost }));
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return withHashSlot(() => {
    recordPasswordCheck();
    return Bun.password.verify(password, hash);
  });
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

export function verifyAgainstDummy(password: string, cost: PasswordCost): Promise<boolean> {
  return dummyHashFor(cost)
    .then((hash) => verifyPassword(password, hash))
    .then(() => false);
}
