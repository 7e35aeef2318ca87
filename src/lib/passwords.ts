import { type HashTurn, withHashSlot } from "./hash-slots";
import { recordPasswordCheck } from "./metrics";

/** argon2id's memory (KiB) and passes; src/config.ts reads them from the environment. */
export type PasswordCost = { memoryCost: number; timeCost: number };

/**
 * argon2id via Bun.password at the cost config sets (production: ~120 ms, 64 MiB per hash), in
 * the process's bounded, fair hashing slots (hash-slots.ts). Verifying reads the cost from the
 * stored hash.
 */
export function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  return withHashSlot(() => Bun.password.hash(password, { algorithm: "argon2id", ...cost }));
}

/** `turn` says who waits (a log-in's address, or a trusted device's account), for the slots' turns. */
export function verifyPassword(password: string, hash: string, turn: HashTurn = {}): Promise<boolean> {
  return withHashSlot(() => {
    recordPasswordCheck();
    return Bun.password.verify(password, hash);
  }, turn);
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

export function verifyAgainstDummy(
  password: string,
  cost: PasswordCost,
  turn: HashTurn = {},
): Promise<boolean> {
  return dummyHashFor(cost)
    .then((hash) => verifyPassword(password, hash, turn))
    .then(() => false);
}
