import { and, eq, inArray, sql } from "drizzle-orm";
import {
  heldPushes,
  pushDeliveries,
  pushSubscriptions,
  revokedTokens,
  users,
  vapidKeys,
} from "../../../db/schema";
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
/**
 * One row per endpoint, owned by the account that saved it first: that account subscribing
 * again refreshes the keys (and the session); another account is refused and the row stays as
 * it was (posting someone's endpoint used to move it, and their browser stopped receiving their
 * pushes). The row records the session (token hash) that made it, so its log-out ends it
 * (migration 0039_session_bound_pushes). Saved only while that session is still alive: a log-out
 * or a password change that committed while this request was under way (the endpoint check can
 * wait on DNS) saves nothing.
 */
export async function upsertOwnSubscription(
  db: Executor,
  row: {
    userId: number;
    endpoint: string;
    p256dh: string;
    auth: string;
    session: { hash: string; version: number };
  },
): Promise<"saved" | "session-ended" | "taken"> {
  const [result] = await db.execute<{ alive: boolean; saved: boolean }>(sql`
    with alive as (
      select exists (select 1 from ${users} where ${users.id} = ${row.userId}
                       and ${users.tokenVersion} = ${row.session.version})
        and not exists (select 1 from ${revokedTokens} where ${revokedTokens.tokenHash} = ${row.session.hash}) as ok),
    saved as (
      insert into ${pushSubscriptions} (user_id, endpoint, p256dh, auth, session_hash)
      select ${row.userId}, ${row.endpoint}, ${row.p256dh}, ${row.auth}, ${row.session.hash}
      where (select ok from alive)
      on conflict (endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth,
        session_hash = excluded.session_hash, created_at = now()
        where ${pushSubscriptions}.user_id = excluded.user_id
      returning id)
    select (select ok from alive) as alive, exists (select 1 from saved) as saved`);
  if (!result?.alive) return "session-ended";
  return result.saved ? "saved" : "taken";
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

/** The advisory lock class of a person's held pushes (the person's id is the other half). */
const HELD_PUSHES_LOCK = 7301;

/**
 * Locks these people's held pushes until the transaction ends: holding a push and claiming the
 * morning summary take it, so a claim waits for a hold in flight and takes the whole night's set
 * (a claim beside an uncommitted hold would send the summary without it). Locked in id order, so
 * two transactions locking several people cannot deadlock.
 */
export async function lockHeldPushesOf(tx: Executor, userIds: number[]) {
  if (userIds.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${HELD_PUSHES_LOCK}, s.id)
    from (select distinct unnest(${`{${userIds.join(",")}}`}::int[]) as id order by 1) s`);
}

/** Takes every held push of a person (oldest first); call under lockHeldPushesOf. */
export async function claimHeldPushes(db: Executor, userId: number): Promise<HeldPushRow[]> {
  const rows = await db.delete(heldPushes).where(eq(heldPushes.userId, userId)).returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** The subscriptions with these ids (those still there). */
export async function selectSubscriptions(db: Executor, ids: number[]): Promise<SubscriptionRow[]> {
  if (ids.length === 0) return [];
  return await db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

/** Which of these (subscription, key) pushes a push service has already accepted, as "id|key". */
export async function selectDelivered(
  db: Executor,
  pairs: { subscriptionId: number; key: string }[],
): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const keys = `{${pairs.map((p) => `"${p.key.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
  const rows = await db.execute<{ subscription_id: number; key: string }>(sql`
    select d.subscription_id, d.key from push_deliveries d
    join unnest(${`{${pairs.map((p) => p.subscriptionId).join(",")}}`}::int[], ${keys}::text[])
      as w(subscription_id, key) on w.subscription_id = d.subscription_id and w.key = d.key`);
  return new Set([...rows].map((row) => `${row.subscription_id}|${row.key}`));
}

/** Records one accepted push (a retry finding it sends nothing). */
export async function insertDelivery(db: Executor, subscriptionId: number, key: string) {
  await db.insert(pushDeliveries).values({ subscriptionId, key }).onConflictDoNothing();
}

/** Forgets deliveries older than `seconds` (no retry can reach them any more). */
export async function deleteDeliveriesBefore(db: Executor, seconds: number) {
  await db.execute(
    sql`delete from push_deliveries where sent_at < now() - make_interval(secs => ${seconds})`,
  );
}

export async function selectRecipientLocale(db: Executor, userId: number): Promise<string | null> {
  const rows = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
  return rows[0]?.locale ?? null;
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
