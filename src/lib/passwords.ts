import { recordPasswordCheck } from "./metrics";

/** argon2id's memory (KiB) and passes; src/config.ts reads them from the environment. */
export type PasswordCost = { memoryCost: number; timeCost: number };

/**
 * argon2id via Bun.password at the cost config sets (production: ~120 ms, 64 MiB per hash), so
 * hashing is bounded to a few at once. Verifying reads the cost from the stored hash.
 */
const MAX_CONCURRENT = 4;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_CONCURRENT) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
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
  return withSlot(() => Bun.password.hash(password, { algorithm: "argon2id", ...cost }));
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  recordPasswordCheck();
  return withSlot(() => Bun.password.verify(password, hash));
}

// Compared against when the username is unknown, so a miss costs the same time as a hit (one
// per cost: a process has one, the test processes hold several apps).
const dummyHashes = new Map<string, Promise<string>>();
export function verifyAgainstDummy(password: string, cost: PasswordCost): Promise<boolean> {
  const key = `${cost.memoryCost}/${cost.timeCost}`;
  let dummyHash = dummyHashes.get(key);
  if (!dummyHash) {
    dummyHash = hashPassword("clubnica-timing-equaliser", cost);
    dummyHashes.set(key, dummyHash);
  }
  return dummyHash.then((hash) => verifyPassword(password, hash)).then(() => false);
}
