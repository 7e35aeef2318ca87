import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { uploads } from "./uploads";
import { regionEnum, users } from "./users";

export type SocialLinks = {
  facebook?: string | null;
  instagram?: string | null;
  google_forms?: string | null;
  whatsapp?: string | null;
};

/** A join question with the answer a person gave, kept together so later edits of the questions
 * do not change what was asked. */
export type JoinAnswer = { question: string; answer: string };

export const clubs = pgTable(
  "clubs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    profileDescription: text("profile_description"),
    // Normalised comma-separated list, as the spec's API carries it.
    tags: text("tags").notNull().default(""),
    isOpen: boolean("is_open").notNull().default(true),
    socialLinks: jsonb("social_links").$type<SocialLinks>().notNull().default({}),
    region: regionEnum("region"),
    meetingLocation: text("meeting_location"),
    president: text("president"),
    vice: text("vice"),
    secretary: text("secretary"),
    memberCriteria: text("member_criteria"),
    contactHours: text("contact_hours"),
    responseTime: text("response_time"),
    // Up to three short questions the Connect button asks before sending a join request.
    joinQuestions: jsonb("join_questions").$type<string[]>().notNull().default([]),
    imageId: text("image_id").references(() => uploads.id, { onDelete: "set null" }),
    profileImageId: text("profile_image_id").references(() => uploads.id, {
      onDelete: "set null",
    }),
    coverPositionX: integer("cover_position_x").notNull().default(50),
    coverPositionY: integer("cover_position_y").notNull().default(50),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    // Kept equal to the number of club_members rows by the service, in the same transaction.
    memberCount: integer("member_count").notNull().default(0),
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
    // Folded (lower case, no accents) text the club search matches; stored so neither the
    // trigram index recheck nor the ranking recomputes unaccent() per row.
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`f_unaccent(lower(name || ' ' || description || ' ' || coalesce(profile_description, '') || ' ' || tags))`,
      ),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("clubs_owner_idx").on(t.ownerId),
    index("clubs_region_idx").on(t.region),
    index("clubs_search_text_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    check("clubs_cover_x_range", sql`${t.coverPositionX} between 0 and 100`),
    check("clubs_cover_y_range", sql`${t.coverPositionY} between 0 and 100`),
  ],
);

export const clubMembers = pgTable(
  "club_members",
  {
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    // The answers of the accepted request, for the owner's members CSV.
    joinAnswers: jsonb("join_answers").$type<JoinAnswer[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.clubId, t.userId] }),
    index("club_members_user_idx").on(t.userId),
    // Members over time (owners' dashboard): joins after a day, per club and site-wide.
    index("club_members_club_joined_idx").on(t.clubId, t.joinedAt),
    index("club_members_joined_idx").on(t.joinedAt),
  ],
);

export const connectionRequests = pgTable(
  "connection_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    clubId: integer("club_id")
      .notNull()
      .references(() => clubs.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    answers: jsonb("answers").$type<JoinAnswer[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("connection_requests_club_user_key").on(t.clubId, t.userId),
    index("connection_requests_user_idx").on(t.userId),
    // Pending requests received in a date range (owners' dashboard).
    index("connection_requests_club_created_idx").on(t.clubId, t.createdAt),
    index("connection_requests_created_idx").on(t.createdAt),
  ],
);
