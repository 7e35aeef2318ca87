import { z } from "zod";
import { NOTICE_KINDS } from "../../../common/api/notices";
import type { Executor } from "../../lib/database/client";
import { mergeSettingsDocument, selectSettingsDocument, selectSettingsDocuments } from "./queries";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  defaultKindSettings,
  type NotificationSettings,
  type NotificationSettingsUpdate,
  type QuietHours,
  quietHoursValue,
  WHO_CAN_MESSAGE,
  type WhoCanMessage,
} from "./schema";

/**
 * Reads a stored document key by key: a key missing (saved before it existed) or no longer
 * valid falls back to its default instead of failing the whole document.
 */
const storedSettings = z.object({
  who_can_message: z.enum(WHO_CAN_MESSAGE).catch(DEFAULT_NOTIFICATION_SETTINGS.who_can_message),
  quiet_hours: quietHoursValue.nullable().catch(DEFAULT_NOTIFICATION_SETTINGS.quiet_hours),
  digest: z.boolean().catch(DEFAULT_NOTIFICATION_SETTINGS.digest),
  read_receipts: z.boolean().catch(DEFAULT_NOTIFICATION_SETTINGS.read_receipts),
  kinds: z.record(z.string(), z.unknown()).catch({}),
  muted_clubs: z.array(z.number().int()).catch([]),
});

const storedChannel = z.boolean().optional().catch(undefined);

/** Each kind's switches over its defaults: a kind added later, or never saved, has them. */
function toKinds(stored: Record<string, unknown>): NotificationSettings["kinds"] {
  const kinds = defaultKindSettings();
  for (const kind of NOTICE_KINDS) {
    const saved = stored[kind];
    if (!saved || typeof saved !== "object") continue;
    const { push, email } = saved as Record<string, unknown>;
    kinds[kind] = {
      push: storedChannel.parse(push) ?? kinds[kind].push,
      email: storedChannel.parse(email) ?? kinds[kind].email,
    };
  }
  return kinds;
}

function toSettings(stored: unknown): NotificationSettings {
  const parsed = storedSettings.parse(stored && typeof stored === "object" ? stored : {});
  return { ...parsed, kinds: toKinds(parsed.kinds), muted_clubs: parsed.muted_clubs };
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
  const given: Record<string, unknown> = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  );
  if (changes.muted_clubs) given.muted_clubs = [...new Set(changes.muted_clubs)];
  if (Object.keys(given).length === 0) return await getNotificationSettings({ db, userId });
  return toSettings(await mergeSettingsDocument(db, userId, given));
}

/** For the chat: the recipient's rule on who may write to them. */
export async function findWhoCanMessage(db: Executor, userId: number): Promise<WhoCanMessage> {
  return (await getNotificationSettings({ db, userId })).who_can_message;
}

/**
 * What decides whether a push goes out now, later or never: quiet hours, and (once the
 * notification centre's settings exist in the document) `kinds[kind].push` and `muted_clubs`.
 * Read leniently: a key this version does not validate yet is only consulted, never required.
 */
export type PushPreferences = {
  quietHours: QuietHours | null;
  pushOffKinds: Set<string>;
  mutedClubs: Set<number>;
};

const storedPushKeys = z.object({
  kinds: z.record(z.string(), z.object({ push: z.boolean().optional() }).catch({})).catch({}),
  muted_clubs: z.array(z.number()).catch([]),
});

/** Many people's push preferences in one query (a club post's fan-out). */
export async function findPushPreferencesOf(
  db: Executor,
  userIds: number[],
): Promise<Map<number, PushPreferences>> {
  const stored = await selectSettingsDocuments(db, userIds);
  return new Map(userIds.map((id) => [id, toPushPreferences(stored.get(id) ?? null)]));
}

function toPushPreferences(stored: unknown): PushPreferences {
  const document = stored && typeof stored === "object" ? stored : {};
  const { quiet_hours } = toSettings(document);
  const extra = storedPushKeys.parse({ kinds: {}, muted_clubs: [], ...document });
  const pushOffKinds = new Set(
    Object.entries(extra.kinds)
      .filter(([, value]) => value.push === false)
      .map(([kind]) => kind),
  );
  return { quietHours: quiet_hours, pushOffKinds, mutedClubs: new Set(extra.muted_clubs) };
}
