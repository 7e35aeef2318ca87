import { eq } from "drizzle-orm";
import type { Locale } from "../../../common/messages/locales";
import { users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

export async function updateUserLocale(db: Executor, userId: number, locale: Locale) {
  await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, userId));
}
