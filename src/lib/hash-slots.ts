import { m } from "../../common/messages";
import { ServiceUnavailable } from "./errors";
import { recordPasswordHashBusy } from "./metrics";

/** How many hashes run at once in this process, and how many more may wait for a slot. */
export type HashingBounds = { concurrency: number; queue: number };

/**
 * Whose hash waits: `key` names the caller (a log-in's client address, or the account for a
 * browser with its device cookie); `trusted` callers (a device that signed in before) are served
 * first. Calls without a key (sign-ups, resets) share the key "".
 */
export type HashTurn = { key?: string; trusted?: boolean };

/*
 * The process's password-hashing slots (argon2id: ~120 ms and 64 MiB each in production): a
 * bounded semaphore that is fair between callers. At most `concurrency` run; at most `queue`
 * wait in each lane (trusted, others), and past that a call is refused at once with 503 and
 * Retry-After instead of piling up behind a flood. Freed slots go to the trusted lane first,
 * and within a lane round the keys in turn; one key runs at most half the slots and holds at
 * most a quarter of its lane. So one address with many hashes waiting delays another's log-in
 * by about one hash, never holds every slot, and a flood from many addresses that fills the
 * queue still lets the student's own device through.
 */
let bounds: HashingBounds = { concurrency: 4, queue: 32 };
let running = 0;
const runningByKey = new Map<string, number>();
type Lane = { waiting: Map<string, (() => void)[]>; count: number };
const trustedLane: Lane = { waiting: new Map(), count: 0 };
const otherLane: Lane = { waiting: new Map(), count: 0 };

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
function retryAfterSeconds(lane: Lane): number {
  return Math.max(1, Math.ceil(((lane.count + running) * 0.12) / bounds.concurrency));
}

/** Starts the first waiter of the lane's first key in turn that may run; false when none may. */
function startNext(lane: Lane): boolean {
  for (const [key, queue] of lane.waiting) {
    if (!mayRun(key)) continue;
    const next = queue.shift()!;
    // To the back of the turns (or gone, when it has no one else waiting).
    lane.waiting.delete(key);
    if (queue.length > 0) lane.waiting.set(key, queue);
    lane.count--;
    startRunning(key);
    next();
    return true;
  }
  return false;
}

/**
 * Runs `work` in one of the slots, waiting its turn. The slot (or the place in the queue, or
 * the refusal) is taken synchronously on the call, and a freed slot is handed straight to a
 * waiter, so parallel callers cannot all slip in and a new call cannot take a slot from a waiter.
 */
export async function withHashSlot<T>(
  work: () => Promise<T>,
  { key = "", trusted = false }: HashTurn = {},
): Promise<T> {
  const lane = trusted ? trustedLane : otherLane;
  const queue = lane.waiting.get(key) ?? [];
  // A free slot means no waiter may take it (each freed slot is handed on at once), so a call
  // whose own key has nobody waiting takes it.
  if (mayRun(key) && queue.length === 0) startRunning(key);
  else {
    if (lane.count >= bounds.queue || queue.length >= queueFor(key)) {
      recordPasswordHashBusy();
      throw new ServiceUnavailable(m.auth.passwordChecksBusy, retryAfterSeconds(lane));
    }
    // startNext marks the waiter running before resolving it.
    await new Promise<void>((resolve) => {
      queue.push(resolve);
      if (!lane.waiting.has(key)) lane.waiting.set(key, queue);
      lane.count++;
    });
  }
  try {
    return await work();
  } finally {
    stopRunning(key);
    while (running < bounds.concurrency && (startNext(trustedLane) || startNext(otherLane)));
  }
}
