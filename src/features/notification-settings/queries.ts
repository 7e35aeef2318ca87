import { eq, inArray, sql } from "drizzle-orm";
import { userNotificationSettings } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** The stored document, or null when the person never saved a setting (every default). */
export async function selectSettingsDocument(db: Executor, userId: number): Promise<unknown> {
  const rows = await db
    .select({ settings: userNotificationSettings.settings })
    .from(userNotificationSettings)
    .where(eq(userNotificationSettings.userId, userId));
  return rows[0]?.settings ?? null;
}

/**
 * Merges `changes` into the stored document (jsonb `||`: the keys sent replace theirs, the
 * others stay) and returns the result. `kinds` merges two levels deep (a kind's channel sent
 * replaces only that channel). One statement, so two saves at once never lose a key.
 */
export async function mergeSettingsDocument(
  db: Executor,
  userId: number,
  changes: Record<string, unknown>,
): Promise<unknown> {
  const rows = await db
    .insert(userNotificationSettings)
    .values({ userId, settings: changes })
    .onConflictDoUpdate({
      target: userNotificationSettings.userId,
      set: {
        settings: sql`${userNotificationSettings.settings} || excluded.settings || case
          when excluded.settings ? 'kinds' then jsonb_build_object('kinds', (
            select coalesce(jsonb_object_agg(k, coalesce(${userNotificationSettings.settings} -> 'kinds' -> k, '{}')
              || coalesce(excluded.settings -> 'kinds' -> k, '{}')), '{}')
            from (select jsonb_object_keys(coalesce(${userNotificationSettings.settings} -> 'kinds', '{}'))
              union select jsonb_object_keys(excluded.settings -> 'kinds')) ks(k)))
          else '{}' end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ settings: userNotificationSettings.settings });
  return rows[0]?.settings ?? null;
}

/** The stored documents of many people (a fan-out); people who never saved one are absent. */
export async function selectSettingsDocuments(
  db: Executor,
  userIds: number[],
): Promise<Map<number, unknown>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: userNotificationSettings.userId, settings: userNotificationSettings.settings })
    .from(userNotificationSettings)
    .where(inArray(userNotificationSettings.userId, userIds));
  return new Map(rows.map((row) => [row.userId, row.settings]));
}
