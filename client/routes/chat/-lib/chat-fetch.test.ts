import { expect, test } from "bun:test";
import type { ChatMessage } from "../../../../common/api/chat";
import { mergeMessages, replaceMessages } from "./chat-fetch";

const msg = (id: number, content = `m${id}`): ChatMessage => ({
  id,
  sender_id: 1,
  sender_username: "a",
  sender_display_name: "Ana",
  sender_picture_url: null,
  content,
  created_at: new Date(2026, 0, 1, 0, id).toISOString(),
  updated_at: null,
  pending_review: false,
  client_id: null,
  reply_to: null,
  reactions: [],
  edited_at: null,
  deleted: false,
  image_url: null,
  thumbnail_url: null,
  image_width: null,
  image_height: null,
  image_request: null,
});

test("mergeMessages keeps id order and drops duplicates", () => {
  const merged = mergeMessages([msg(1), msg(3)], [msg(2), msg(3, "again"), msg(4)]);
  expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  expect(merged[2]?.content).toBe("again");
  const same = [msg(1)];
  expect(mergeMessages(same, [])).toBe(same);
});

test("mergeMessages swaps the sender's pending copy for the approved message (a new id)", () => {
  const pending = { ...msg(2, "hola"), pending_review: true };
  const merged = mergeMessages([msg(1), pending, msg(3)], [msg(5, "hola")]);
  expect(merged.map((m) => [m.id, m.pending_review])).toEqual([
    [1, false],
    [3, false],
    [5, false],
  ]);
  const other = { ...msg(6, "hola"), sender_id: 2 };
  expect(mergeMessages([pending], [other]).map((m) => m.id)).toEqual([2, 6]);
});

test("replaceMessages swaps changed copies in place and leaves out unloaded ones", () => {
  const list = [msg(3), msg(4)];
  const edited = { ...msg(4, "fixed"), edited_at: "2026-01-01T00:10:00.000Z" };
  const next = replaceMessages(list, [edited, msg(1, "too old")]);
  expect(next.map((m) => [m.id, m.content])).toEqual([
    [3, "m3"],
    [4, "fixed"],
  ]);
  expect(replaceMessages(list, [msg(9)])).toBe(list);
});
