import { z } from "zod";
import type { Executor } from "../../lib/database/client";
import { mergeSettingsDocument, selectSettingsDocument } from "./queries";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  WHO_CAN_MESSAGE,
  type WhoCanMessage,
} from "./schema";

/**
 * Reads a stored document key by key: a key missing (saved before it existed) or no longer
 * valid falls back to its default instead of failing the whole document.
 */
const storedSettings = z.object({
  who_can_message: z.enum(WHO_CAN_MESSAGE).catch(DEFAULT_NOTIFICATION_SETTINGS.who_can_message),
  digest: z.boolean().catch(DEFAULT_NOTIFICATION_SETTINGS.digest),
});

function toSettings(stored: unknown): NotificationSettings {
  return storedSettings.parse(stored && typeof stored === "object" ? stored : {});
}

export async function getNotificationSettings({
  db,
  userId,
}: {
  db: Executor;
  userId: number;
}): Promise<NotificationSettings> {
  return toSettings(await selectSettingsDocument(db, userId));
}

/** Saves the keys given (validated by the route) and answers the whole document. */
export async function updateNotificationSettings({
  db,
  userId,
  changes,
}: {
  db: Executor;
  userId: number;
  changes: NotificationSettingsUpdate;
}): Promise<NotificationSettings> {
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(given).length === 0) return await getNotificationSettings({ db, userId });
  return toSettings(await mergeSettingsDocument(db, userId, given));
}

/** For the chat: the recipient's rule on who may write to them. */
export async function findWhoCanMessage(db: Executor, userId: number): Promise<WhoCanMessage> {
  return (await getNotificationSettings({ db, userId })).who_can_message;
}
