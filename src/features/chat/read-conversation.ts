import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { Invalid, NotFound } from "../../lib/errors";
import type { PollMemory } from "../../lib/poll-memory/poll-memory";
import type { SessionUser } from "../../lib/session-token";
import { readConversationNotice } from "../notices";
import { assertAnnouncementsReadable } from "./announcements-access";
import { findClubPage, findDirectPage } from "./hot-queries";
import { toJson } from "./message-json";
import { conversationKeys, recallEmptyPoll, rememberPage } from "./poll-memory";
import { advanceReadMark, type MessageRow, type PageWindow } from "./queries";
import type { MessageJson, PollQuery } from "./schema";
import { assertClubReadable, type ChatTarget, conversationKey } from "./service";

function toWindow(query: PollQuery): PageWindow {
  if (query.after !== undefined && query.before !== undefined) {
    throw Invalid.field(["query", "before"], m.chat.cursorConflict);
  }
  if (query.after !== undefined) return { kind: "after", cursor: query.after, limit: query.limit };
  if (query.before !== undefined) return { kind: "before", cursor: query.before, limit: query.limit };
  return { kind: "latest", limit: query.limit };
}

/**
 * Weak validator of a page. A page is determined by the newest id it covers and the newest
 * change (edit, deletion, reaction) of the conversation: their tag is that id (for an empty
 * `after` page, the cursor), plus the change_seq once anything ever changed. So the tag of the
 * page a client last received matches its next `after` poll while nothing is new or changed,
 * and that poll is answered 304. A history page (`before`) is tagged by its cursor as well.
 */
function pageTag(
  key: string,
  window: PageWindow,
  page: MessageRow[],
  tags: { blocks?: string; hidden?: number; changeSeq?: number; changesAfter?: number },
): string {
  const newest = page.at(-1)?.id ?? (window.kind === "after" ? window.cursor : 0);
  // A deleted message request hides older messages without adding one: the tag must change.
  const suffix =
    (tags.blocks ? `-k${tags.blocks}` : "") +
    (tags.hidden ? `-h${tags.hidden}` : "") +
    (tags.changeSeq ? `-s${tags.changeSeq}` : "") +
    (tags.changesAfter !== undefined ? `-x${tags.changesAfter}` : "");
  if (window.kind === "before") return `W/"${key}-b${window.cursor}-${newest}-${page.length}${suffix}"`;
  return `W/"${key}-${newest}${suffix}"`;
}

/**
 * One poll or history page of a conversation (ascending ids) with its ETag and the
 * conversation's newest change_seq. Opening a conversation marks it read up to the newest
 * message returned; that write only happens when the mark moves forward, so idle polls stay
 * read-only. A club page leaves out the people the caller blocked, so its tag also names the
 * caller's blocks (a block or unblock changes it). An `after` poll with `changes_after` also
 * returns, before the new messages, the older ones changed since (edited, deleted, reactions).
 */
export async function readConversation({
  db,
  memory,
  user,
  target,
  query,
}: {
  db: Database;
  memory: PollMemory;
  user: SessionUser;
  target: ChatTarget;
  query: PollQuery;
}): Promise<{ messages: MessageJson[]; etag: string; changeSeq: number }> {
  const window = toWindow(query);
  const key = conversationKey(target);
  if (target.type === "user" && target.id === user.id) throw new Invalid(m.chat.cannotMessageSelf);
  const changesAfter = window.kind === "after" ? query.changes_after : undefined;
  const known = recallEmptyPoll(memory, { userId: user.id, key, window, changesAfter });
  if (known) {
    const tags = {
      blocks: known.blockTag,
      hidden: known.hiddenThroughId,
      changeSeq: known.changeSeq,
      changesAfter,
    };
    return { messages: [], etag: pageTag(key, window, [], tags), changeSeq: known.changeSeq };
  }
  const deps = memory.snapshot(conversationKeys(user.id, target));
  const changes =
    window.kind === "after" && changesAfter !== undefined
      ? { after: changesAfter, upToId: window.cursor, limit: window.limit }
      : null;
  let page: {
    lastReadId: number | null;
    messages: MessageRow[];
    changed: MessageRow[];
    changeSeq: number;
    blockTag?: string;
    hiddenThroughId?: number;
  };
  if (target.type === "user") {
    const found = await findDirectPage(db, { userId: user.id, otherId: target.id, key, window, changes });
    if (!found) throw new NotFound(m.chat.userNotFound);
    page = found;
  } else {
    const channel = target.type;
    const found = await findClubPage(db, {
      channel,
      userId: user.id,
      clubId: target.id,
      key,
      window,
      changes,
    });
    if (!found) throw new NotFound(m.chat.clubNotFound);
    // Avisos are read by the club's owner too (they write there); its chat is members' only.
    if (channel === "announcements") assertAnnouncementsReadable(user, found);
    else assertClubReadable(user, found);
    page = found;
  }
  const newest = page.messages.at(-1)?.id;
  if (newest !== undefined && newest > (page.lastReadId ?? 0)) {
    await advanceReadMark(db, { userId: user.id, key, lastReadId: newest });
    await readConversationNotice(db, user.id, key);
  }
  const seen = { userId: user.id, key, window, newestId: newest, count: page.messages.length };
  if (page.changed.length === 0) {
    rememberPage(memory, seen, deps, {
      blockTag: page.blockTag ?? "",
      hiddenThroughId: page.hiddenThroughId ?? 0,
      changeSeq: page.changeSeq,
    });
  }
  const tags = {
    blocks: page.blockTag,
    hidden: page.hiddenThroughId,
    changeSeq: page.changeSeq,
    changesAfter,
  };
  const shown = [...page.changed, ...page.messages];
  return {
    messages: shown.map((row) => toJson(row, user.id)),
    etag: pageTag(key, window, page.messages, tags),
    changeSeq: page.changeSeq,
  };
}
