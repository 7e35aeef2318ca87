import { and, eq, sql } from "drizzle-orm";
import { clubChatPins } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** The club chat's one pin (club_chat_pins, migration club_chat_pins). */

export type PinRow = { messageId: number; pinnedBy: number | null; pinnedAt: Date };

export async function selectPin(db: Executor, clubId: number): Promise<PinRow | null> {
  const rows = await db
    .select({
      messageId: clubChatPins.messageId,
      pinnedBy: clubChatPins.pinnedBy,
      pinnedAt: clubChatPins.pinnedAt,
    })
    .from(clubChatPins)
    .where(eq(clubChatPins.clubId, clubId))
    .limit(1);
  return rows[0] ?? null;
}

/** Pins `messageId`, replacing the club's pin; returns the message it replaced, if another. */
export async function upsertPin(
  db: Executor,
  pin: { clubId: number; messageId: number; pinnedBy: number },
): Promise<number | null> {
  const before = await db
    .select({ messageId: clubChatPins.messageId })
    .from(clubChatPins)
    .where(eq(clubChatPins.clubId, pin.clubId))
    .for("update");
  await db
    .insert(clubChatPins)
    .values(pin)
    .onConflictDoUpdate({
      target: clubChatPins.clubId,
      set: { messageId: pin.messageId, pinnedBy: pin.pinnedBy, pinnedAt: sql`now()` },
    });
  const replaced = before[0]?.messageId ?? null;
  return replaced === pin.messageId ? null : replaced;
}

/** Removes the club's pin when it is `messageId`; false when that message is not the pinned one. */
export async function deletePin(db: Executor, clubId: number, messageId: number): Promise<boolean> {
  const rows = await db
    .delete(clubChatPins)
    .where(and(eq(clubChatPins.clubId, clubId), eq(clubChatPins.messageId, messageId)))
    .returning({ clubId: clubChatPins.clubId });
  return rows.length > 0;
}
