import { and, eq, inArray, sql } from "drizzle-orm";
import { clubs, heldPushes, pushSubscriptions, users, vapidKeys } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type HeldPushRow = typeof heldPushes.$inferSelect;

export async function selectVapidKeys(db: Executor) {
  const rows = await db
    .select({ publicKey: vapidKeys.publicKey, privateKey: vapidKeys.privateKey })
    .from(vapidKeys)
    .where(eq(vapidKeys.id, 1));
  return rows[0] ?? null;
}

export async function insertVapidKeys(db: Executor, keys: { publicKey: string; privateKey: string }) {
  await db
    .insert(vapidKeys)
    .values({ id: 1, ...keys })
    .onConflictDoNothing();
}

/**
 * One row per endpoint, owned by the account that saved it first: that account subscribing
 * again refreshes the keys; another account gets false and the row stays as it was (posting
 * someone's endpoint used to move it, and their browser stopped receiving their pushes).
 */
export async function upsertOwnSubscription(
  db: Executor,
  row: { userId: number; endpoint: string; p256dh: string; auth: string },
): Promise<boolean> {
  const saved = await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: row.p256dh, auth: row.auth, createdAt: sql`now()` },
      setWhere: eq(pushSubscriptions.userId, row.userId),
    })
    .returning({ id: pushSubscriptions.id });
  return saved.length > 0;
}

export async function deleteSubscriptionOf(db: Executor, userId: number, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function deleteSubscription(db: Executor, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Subscription ids by person, for a fan-out. */
export async function selectSubscriptionsOf(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  return await db
    .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
}

export async function selectSubscriptionIds(db: Executor, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, userIds));
  return rows.map((row) => row.id);
}

export async function selectSubscription(db: Executor, id: number): Promise<SubscriptionRow | null> {
  const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return rows[0] ?? null;
}

export async function insertHeldPushes(db: Executor, rows: (typeof heldPushes.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(heldPushes).values(rows);
}

/** Takes every held push of a person (oldest first); a concurrent claim gets none of them. */
export async function claimHeldPushes(db: Executor, userId: number): Promise<HeldPushRow[]> {
  const rows = await db.delete(heldPushes).where(eq(heldPushes.userId, userId)).returning();
  return rows.sort((a, b) => a.id - b.id);
}

export async function selectRecipientLocale(db: Executor, userId: number): Promise<string | null> {
  const rows = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return rows[0]?.locale ?? null;
}

/** A club's name and picture (its profile image, else its cover), for a push about it. */
export async function selectClubForPush(db: Executor, clubId: number) {
  const rows = await db
    .select({
      name: clubs.name,
      pictureId: sql<string | null>`coalesce(${clubs.profileImageId}, ${clubs.imageId})`,
    })
    .from(clubs)
    .where(eq(clubs.id, clubId));
  return rows[0] ?? null;
}

/** Each person's saved language (null: never chose), for pushes to many people at once. */
export async function selectRecipientLocales(
  db: Executor,
  userIds: number[],
): Promise<Map<number, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, locale: users.locale })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.locale]));
}
