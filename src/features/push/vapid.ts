import webpush from "web-push";
import type { AppDeps } from "../../deps";
import { insertVapidKeys, selectVapidKeys } from "./queries";

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

let cached: { key: string; keys: VapidKeys } | undefined;

/**
 * The installation's VAPID key pair (RFC 8292): from the environment when set, else the one
 * in the database, made by whichever replica asks first (insert-if-absent, then read back, so
 * two replicas starting at once still agree). Kept in memory after the first read.
 */
export async function getVapidKeys(deps: Pick<AppDeps, "db" | "config">): Promise<VapidKeys> {
  const subject = deps.config.VAPID_SUBJECT;
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = deps.config;
  if (VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY) {
    return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject };
  }
  // Per database: tests run several apps (databases) in one process.
  const cacheKey = deps.config.DATABASE_URL ?? "";
  if (cached?.key === cacheKey) return { ...cached.keys, subject };
  let stored = await selectVapidKeys(deps.db);
  if (!stored) {
    await insertVapidKeys(deps.db, webpush.generateVAPIDKeys());
    stored = await selectVapidKeys(deps.db);
  }
  if (!stored) throw new Error("vapid_keys: the key pair could not be stored");
  const keys = { ...stored, subject };
  cached = { key: cacheKey, keys };
  return keys;
}
