import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { LOCALES } from "../../common/messages/locales";
import { citext, GENDERS, REGIONS, ROLES } from "./types";
import { uploads } from "./uploads";

export const roleEnum = pgEnum("role", ROLES);
export const regionEnum = pgEnum("region", REGIONS);
export const genderEnum = pgEnum("gender", GENDERS);

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    username: citext("username").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: roleEnum("role").notNull().default("member"),
    firstName: text("first_name"),
    middleName: text("middle_name"),
    lastName: text("last_name"),
    email: citext("email"),
    emailVerified: boolean("email_verified").notNull().default(false),
    school: text("school"),
    region: regionEnum("region"),
    gender: genderEnum("gender"),
    description: text("description"),
    profilePictureId: text("profile_picture_id").references(() => uploads.id, {
      onDelete: "set null",
    }),
    banUntil: timestamp("ban_until", { withTimezone: true }),
    muteUntil: timestamp("mute_until", { withTimezone: true }),
    testAccount: boolean("test_account").notNull().default(false),
    // The language the user chose (es or en); null until they choose. E-mails follow it.
    locale: text("locale", { enum: LOCALES }),
    // Bumped on password change: tokens carry it, so older tokens stop working at once.
    tokenVersion: integer("token_version").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_key").on(t.username),
    // Only a verified address is unique: typing someone else's address must not block them.
    uniqueIndex("users_verified_email_key").on(t.email).where(sql`email_verified`),
    index("users_email_idx").on(t.email),
    index("users_role_idx").on(t.role),
  ],
);

export const ownerRequests = pgTable(
  "owner_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "approved", "denied"] })
      .notNull()
      .default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // At most one pending request per user.
    uniqueIndex("owner_requests_pending_key").on(t.userId).where(sql`status = 'pending'`),
  ],
);

/** One-time 6-digit codes (e-mail verification, password reset, admin-issued reset), stored hashed. */
export const emailCodes = pgTable(
  "email_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // admin_reset: a password-reset code an admin handed to a student without working e-mail.
    purpose: text("purpose", { enum: ["verify_email", "password_reset", "admin_reset"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_codes_user_idx").on(t.userId, t.purpose, t.createdAt)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: integer("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);
