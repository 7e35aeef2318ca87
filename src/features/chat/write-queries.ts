import { and, sql as drizzleSql, eq } from "drizzle-orm";
import { messages, users } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";
import { directPair } from "./queries";

/** The chat's writes, through drizzle (the hot read paths are in queries.ts). */

/**
 * Serialises sends within one conversation until the transaction ends, so message ids are
 * committed in the order they are handed out: a poller that has seen id N can never later
 * find a committed id below N (an `after` cursor would skip it).
 */
export async function lockConversation(db: Executor, key: string) {
  await db.execute(drizzleSql`select pg_advisory_xact_lock(hashtextextended(${`chat:${key}`}, 0))`);
}

/** How a message's sender is shown: their name (else username) and picture. */
export async function findSenderProfile(db: Executor, userId: number) {
  const rows = await db
    .select({
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      pictureId: users.profilePictureId,
    })
    .from(users)
    .where(eq(users.id, userId));
  const row = rows[0];
  const name = [row?.firstName, row?.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return { senderName: name || row?.username || "", senderPictureId: row?.pictureId ?? null };
}

export async function insertMessage(
  db: Executor,
  values: {
    senderId: number;
    content: string;
    held: boolean;
    clientId?: string | null;
    replyToId?: number | null;
    imageId?: string | null;
  } & (
    | { recipientId: number; clubId?: undefined; announcementClubId?: undefined; sentAsRequest: boolean }
    | { clubId: number; recipientId?: undefined; announcementClubId?: undefined }
    | { announcementClubId: number; recipientId?: undefined; clubId?: undefined }
  ),
) {
  const pair = values.recipientId !== undefined ? directPair(values.senderId, values.recipientId) : null;
  const rows = await db
    .insert(messages)
    .values({
      senderId: values.senderId,
      content: values.content,
      held: values.held,
      recipientId: values.recipientId ?? null,
      clubId: values.clubId ?? null,
      announcementClubId: values.announcementClubId ?? null,
      userLow: pair?.low ?? null,
      userHigh: pair?.high ?? null,
      sentAsRequest: values.recipientId !== undefined && values.sentAsRequest,
      clientId: values.clientId ?? null,
      replyToId: values.replyToId ?? null,
      imageId: values.imageId ?? null,
    })
    .returning({
      id: messages.id,
      senderId: messages.senderId,
      content: messages.content,
      createdAt: messages.createdAt,
      editedAt: messages.editedAt,
      held: messages.held,
    });
  return rows[0]!;
}

/** A held message's conversation (to lock it before approving); null when gone or not held. */
export async function findHeldMessage(db: Executor, id: number) {
  const rows = await db
    .select({
      senderId: messages.senderId,
      recipientId: messages.recipientId,
      clubId: messages.clubId,
      announcementClubId: messages.announcementClubId,
    })
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.held, true)));
  return rows[0] ?? null;
}

/**
 * Publishes a held message under a new id from the identity sequence (`id = default`), dated
 * now; returns the new id, or null when it is gone or no longer held. The caller holds the
 * conversation lock, so the new id commits in order like a send (see lockConversation).
 */
export async function releaseHeldMessage(db: Executor, id: number): Promise<number | null> {
  const rows = await db.execute<{ id: string | number }>(drizzleSql`
    update messages set id = default, held = false, created_at = now()
    where id = ${id} and held
    returning id`);
  const row = rows[0];
  return row ? Number(row.id) : null;
}

export async function deleteMessageRow(db: Executor, id: number) {
  await db.delete(messages).where(eq(messages.id, id));
}
