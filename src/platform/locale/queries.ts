import { eq } from "drizzle-orm";
import type { Locale } from "../../../common/messages/locales";
import { users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export async function updateUserLocale(db: Executor, userId: number, locale: Locale) {
  await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function findUserLocale(db: Executor, userId: number): Promise<Locale | null> {
  const rows = await db.select({ locale: users.locale }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.locale ?? null;
}
