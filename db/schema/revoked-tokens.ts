import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Session tokens revoked by log-out (POST /logout), keyed by the SHA-256 of the whole token
 * (hex), so tokens issued before revocation existed can be revoked too. Every authenticated
 * request checks this table in the statement that loads its user (src/features/auth/
 * session-queries.ts). `expires_at` is the token's own `exp`: past it the token is refused
 * anyway, so the row says nothing any more and is deleted in passing by a later log-out.
 * A password change still refuses every older token through the token version.
 */
export const revokedTokens = pgTable(
  "revoked_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("revoked_tokens_expires_idx").on(t.expiresAt), index("revoked_tokens_user_idx").on(t.userId)],
);
