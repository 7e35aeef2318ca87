import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { clubMembers, clubs } from "./clubs";
import { ownerRequests, users } from "./users";

export { CLUB_PERMISSIONS } from "../../common/api/club-officers";

/**
 * The club's Directiva: members the owner named, each with a typed title and the permissions
 * chosen. The foreign key to club_members removes the officer with the membership, so an
 * officer is always a member.
 */
export const clubOfficers = pgTable(
  "club_officers",
  {
    clubId: integer("club_id").notNull(),
    userId: integer("user_id").notNull(),
    title: text("title").notNull(),
    permissions: text("permissions").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.userId] }),
    foreignKey({
      columns: [t.clubId, t.userId],
      foreignColumns: [clubMembers.clubId, clubMembers.userId],
    }).onDelete("cascade"),
    index("club_officers_user_idx").on(t.userId),
    check(
      "club_officers_permissions_known",
      sql`${t.permissions} <@ array['accept_requests','post','check_in','moderate_chat','edit_club']::text[]`,
    ),
  ],
);

/**
 * A handover of a club from its owner to a member: offered, then accepted (awaiting an admin's
 * approval when the new owner's account is a member account), completed, declined or cancelled.
 * previous_owner_permissions are chosen at offer time: the officer rights the old owner keeps.
 */
export const clubTransfers = pgTable(
  "club_transfers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    fromUserId: integer("from_user_id").references(() => users.id, { onDelete: "set null" }),
    toUserId: integer("to_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    offeredBy: integer("offered_by").references(() => users.id, { onDelete: "set null" }),
    previousOwnerTitle: text("previous_owner_title"),
    previousOwnerPermissions: text("previous_owner_permissions").array().notNull().default(sql`'{}'::text[]`),
    // The old owner chose to leave the club altogether once it is handed over.
    previousOwnerLeaves: boolean("previous_owner_leaves").notNull().default(false),
    status: text("status", {
      enum: ["offered", "awaiting_approval", "completed", "declined", "cancelled", "refused"],
    })
      .notNull()
      .default("offered"),
    ownerRequestId: integer("owner_request_id").references(() => ownerRequests.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    // One open handover per club.
    uniqueIndex("club_transfers_open_key")
      .on(t.clubId)
      .where(sql`status in ('offered', 'awaiting_approval')`),
    index("club_transfers_to_user_idx").on(t.toUserId),
    index("club_transfers_owner_request_idx").on(t.ownerRequestId),
  ],
);
