import { index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A browser's Web Push subscription (its `PushSubscription` JSON). The endpoint is the push
 * service's URL for that browser and is unique: a browser that subscribes again (or for another
 * account) replaces the row. A 404 or 410 from the push service deletes it.
 *
 * It belongs to the session that made it (`session_hash`, the hash revoked_tokens uses for
 * that token): a log-out of that token deletes it, and a new token version (a password change
 * or reset) deletes all of the person's, by triggers in PostgreSQL (migration
 * 0039_session_bound_pushes), so no path that ends a session can leave pushes going to the
 * old browser, whatever sends them. Rows from before sessions were recorded have none; any
 * log-out of their person deletes those.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    sessionHash: text("session_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/**
 * The installation's VAPID key pair (RFC 8292), made once on first use when the environment
 * gives none. One row (id 1), so every replica signs with the same key.
 */
export const vapidKeys = pgTable("vapid_keys", {
  id: smallint("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Pushes that fell in the person's quiet hours, held until the morning summary (one push that
 * merges them). Claimed with DELETE … RETURNING, so two replicas never send a row twice.
 */
export const heldPushes = pgTable(
  "held_pushes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    path: text("path").notNull(),
    kind: text("kind").notNull(),
    heldAt: timestamp("held_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("held_pushes_user_idx").on(t.userId)],
);

/**
 * Every push a push service accepted, by subscription and delivery key (a notice and its count,
 * or the push job's id): checked before a send and written right after it, so a job retried
 * after its worker was killed sends nothing that already went out. Rows older than PUSH_TTL can
 * no longer be retried and are pruned.
 */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.key] }),
    index("push_deliveries_sent_at_idx").on(t.sentAt),
  ],
);
