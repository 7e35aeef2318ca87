import { expect, test } from "bun:test";
import { toJson, viewKeyOf } from "./message-json";
import type { MessageRow } from "./queries";

/**
 * viewKeyOf is what lets the live connection serialise a club frame once for many followers:
 * two viewers with the same key must get the same JSON. Checked over every combination of the
 * things a viewer changes (being the sender, a quote of someone they blocked, their reactions,
 * a photo sent as a request), for many viewers at once.
 */
const row = (over: Partial<MessageRow> = {}): MessageRow => ({
  id: 7,
  senderId: 1,
  senderUsername: "ana",
  senderName: "Ana",
  senderPictureId: null,
  content: "¿Quién llega el sábado?",
  createdAt: "2026-11-28T12:00:00.000Z",
  editedAt: null,
  held: false,
  clientId: "6f1c2b7e-8f43-4b55-9b0e-3d2a1c4b5e6f",
  replyTo: { id: 3, senderId: 2, senderName: "Beto", content: "la reunión", deleted: false, hidden: false },
  reactions: [
    { emoji: "👍", count: 2, mine: false, by: [3, 4] },
    { emoji: "❤️", count: 1, mine: false, by: [4] },
  ],
  deleted: false,
  changeSeq: 9,
  image: { id: "abc", width: 640, height: 480 },
  sentAsRequest: false,
  requestPending: false,
  ...over,
});

const viewers: { id: number; blocked: ReadonlySet<number> }[] = [
  { id: 1, blocked: new Set() },
  { id: 2, blocked: new Set() },
  { id: 3, blocked: new Set() },
  { id: 4, blocked: new Set() },
  { id: 5, blocked: new Set() },
  { id: 6, blocked: new Set([2]) },
  { id: 7, blocked: new Set([9]) },
  { id: 8, blocked: new Set([2, 9]) },
];

test.each([
  ["a plain message", row({ replyTo: null, reactions: [] })],
  ["a reply with reactions and a photo", row()],
  ["a photo sent as a request", row({ sentAsRequest: true, requestPending: true })],
  ["a deleted message", row({ deleted: true })],
  ["a hidden quote", row({ replyTo: { ...row().replyTo!, hidden: true } })],
  ["reactions read for one reader", row({ reactions: [{ emoji: "😂", count: 3, mine: true }] })],
])("%s: viewers with the same view key get the same JSON", (_, message) => {
  const byKey = new Map<string, string>();
  for (const viewer of viewers) {
    const key = viewKeyOf(message, viewer.id, viewer.blocked);
    const json = JSON.stringify(toJson(message, viewer.id, viewer.blocked));
    expect(byKey.get(key) ?? json).toBe(json);
    byKey.set(key, json);
  }
});

test("the sender, a reader who reacted and one who blocked the quoted person each see their own", () => {
  const message = row();
  const keys = (ids: number[]) => new Set(ids.map((id) => viewKeyOf(message, id, viewers[id - 1]!.blocked)));
  // 2 and 5 neither sent, reacted nor blocked anyone quoted: one view; 1, 3, 4 and 6 differ.
  expect(keys([2, 5]).size).toBe(1);
  expect(keys([1, 2, 3, 4, 6]).size).toBe(5);
});
