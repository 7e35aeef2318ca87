import type { ClubReadState, DirectReadState } from "../../../common/api/mentions";
import { displayName } from "../../../common/display-name";
import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Invalid, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { uploadUrl } from "../uploads";
import { assertAnnouncementsReader } from "./announcements-access";
import { findClubAccess, userExists } from "./queries";
import {
  type ClubRoom,
  countClubReaders,
  selectClubMessageSender,
  selectClubReaders,
  selectDirectReadMark,
  selectSharesReceipts,
} from "./read-state-queries";
import { assertClubReadable } from "./service";

/** The "Seen by" list shows at most this many names (the count is exact). */
const READERS_SHOWN = 500;

const hidden: DirectReadState = { read_receipts: false, last_read_id: null, read_at: null };

/**
 * "Seen" in a direct chat: how far the other person has read. As in WhatsApp, someone who turned
 * read receipts off neither sends theirs nor sees others'; a message request's sender is never
 * told (docs: message requests); a block hides it both ways.
 */
export async function getDirectReadState({
  db,
  user,
  otherId,
}: {
  db: Database;
  user: SessionUser;
  otherId: number;
}): Promise<DirectReadState> {
  if (otherId === user.id) throw new Invalid(m.chat.cannotMessageSelf);
  if (!(await userExists(db, otherId))) throw new NotFound(m.chat.userNotFound);
  if (!(await selectSharesReceipts(db, user.id))) return hidden;
  const mark = await selectDirectReadMark(db, { readerId: otherId, viewerId: user.id });
  if (!mark?.visible) return hidden;
  return {
    read_receipts: true,
    last_read_id: mark.lastReadId > 0 ? mark.lastReadId : null,
    read_at: mark.lastReadId > 0 ? mark.readAt.toISOString() : null,
  };
}

/** "Seen by N" in a club chat: the members who have read up to `messageId` (members and admins). */
export async function getClubReadState({
  db,
  user,
  clubId,
  messageId,
  names = true,
}: {
  db: Database;
  user: SessionUser;
  clubId: number;
  messageId: number;
  names?: boolean;
}): Promise<ClubReadState> {
  const access = await findClubAccess(db, { userId: user.id, clubId });
  if (!access) throw new NotFound(m.chat.clubNotFound);
  assertClubReadable(user, access);
  return listReaders({ db, user, clubId, messageId, names, room: "club" });
}

/**
 * "Visto por N" under an aviso: the club chat's rules on the Avisos channel's read marks, for
 * whoever may read the channel (its owner too, who writes there).
 */
export async function getAnnouncementReadState({
  db,
  user,
  clubId,
  messageId,
  names = true,
}: {
  db: Database;
  user: SessionUser;
  clubId: number;
  messageId: number;
  names?: boolean;
}): Promise<ClubReadState> {
  await assertAnnouncementsReader(db, user, clubId);
  return listReaders({ db, user, clubId, messageId, names, room: "announcements" });
}

/**
 * `names: false` is the count alone (the line under a message, asked again as readers come);
 * the names are read when someone opens the list.
 */
async function listReaders({
  db,
  user,
  clubId,
  messageId,
  names,
  room,
}: {
  db: Database;
  user: SessionUser;
  clubId: number;
  messageId: number;
  names: boolean;
  room: ClubRoom;
}): Promise<ClubReadState> {
  const senderId = await selectClubMessageSender(db, { clubId, messageId, viewerId: user.id, room });
  if (senderId === null) throw new NotFound(m.readState.messageNotInChat);
  if (!(await selectSharesReceipts(db, user.id))) return { read_receipts: false, count: 0, readers: [] };
  if (!names) {
    const count = await countClubReaders(db, { clubId, messageId, senderId, viewerId: user.id, room });
    return { read_receipts: true, count, readers: [] };
  }
  const rows = await selectClubReaders(db, {
    clubId,
    messageId,
    senderId,
    viewerId: user.id,
    limit: READERS_SHOWN,
    room,
  });
  return {
    read_receipts: true,
    count: rows[0]?.total ?? 0,
    readers: rows.map((row) => ({
      user_id: row.id,
      username: row.username,
      display_name: displayName(row),
      picture_url: uploadUrl(row.pictureId),
    })),
  };
}
