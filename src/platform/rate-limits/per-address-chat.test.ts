import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { type PerAddressApp, smallPerAddress, startPerAddressApp } from "./per-address.fixtures";

/**
 * The chat's message, reaction and edit limits (issue 48), per client address over real sockets from
 * distinct loopback addresses (see per-address.test.ts), and per account. Marked
 * `covered.add("RATE_…")` for per-address-coverage.test.ts.
 */
setDefaultTimeout(60_000);
let app: PerAddressApp;
beforeAll(async () => {
  app = await startPerAddressApp({
    ...smallPerAddress(["MESSAGES", "MESSAGE_REACTIONS", "MESSAGE_EDITS"]),
    RATE_MESSAGES_PER_ACCOUNT: "1000/1h",
  });
});
afterAll(async () => {
  await app.close();
});

const covered = new Set<string>();

/** A club message by `author` that two members may react to. */
async function clubMessage() {
  const owner = await createQuickUser(app.t, { role: "owner" });
  const clubId = await app.clubOf(owner);
  const members = [await createQuickUser(app.t), await createQuickUser(app.t), await createQuickUser(app.t)];
  for (const member of members) await app.join(clubId, member);
  const sent = await app.call("POST", `/api/messages/club/${clubId}`, {
    from: "127.0.40.9",
    token: members[0]!.token,
    json: { content: "¿Quién viene?" },
  });
  expect(sent.status).toBe(201);
  return { members, id: (sent.body as { id: number }).id };
}

describe("chat messages are counted per client address", () => {
  test("one address's chat burst, by several accounts, does not limit a member elsewhere", async () => {
    covered.add("RATE_MESSAGES_PER_ADDRESS");
    const recipient = await createQuickUser(app.t);
    const senders = [await createQuickUser(app.t), await createQuickUser(app.t)];
    const elsewhere = await createQuickUser(app.t);
    await app.expectCountedPerAddress({
      subnet: 5,
      max: 3,
      okStatus: 201,
      attempt: (from, i) =>
        app.call("POST", `/api/messages/user/${recipient.id}`, {
          from,
          token: (i > 3 ? elsewhere : senders[i % 2]!).token,
          json: { content: `Hola ${i}` },
        }),
    });
  });

  test("a club chat burst from one address, by several members, does not limit a member elsewhere", async () => {
    // A plain club message is checked in its insert (send-message.ts): the limit still comes first.
    covered.add("RATE_MESSAGES_PER_ADDRESS");
    const owner = await createQuickUser(app.t, { role: "owner" });
    const clubId = await app.clubOf(owner);
    const senders = [await createQuickUser(app.t), await createQuickUser(app.t)];
    const elsewhere = await createQuickUser(app.t);
    for (const person of [...senders, elsewhere]) await app.join(clubId, person);
    await app.expectCountedPerAddress({
      subnet: 25,
      max: 3,
      okStatus: 201,
      attempt: (from, i) =>
        app.call("POST", `/api/messages/club/${clubId}`, {
          from,
          token: (i > 3 ? elsewhere : senders[i % 2]!).token,
          json: { content: `Hola club ${i}` },
        }),
    });
  });
});

describe("chat reactions and edits are counted per client address", () => {
  test("message reactions", async () => {
    covered.add("RATE_MESSAGE_REACTIONS_PER_ADDRESS");
    const { members, id } = await clubMessage();
    await app.expectCountedPerAddress({
      subnet: 40,
      max: 3,
      okStatus: 200,
      attempt: (from, i) =>
        app.call("POST", `/api/messages/${id}/reactions`, {
          from,
          token: members[1 + (i % 2)]!.token,
          json: { emoji: "👍" },
        }),
    });
  });

  test("message edits", async () => {
    covered.add("RATE_MESSAGE_EDITS_PER_ADDRESS");
    const { members, id } = await clubMessage();
    await app.expectCountedPerAddress({
      subnet: 41,
      max: 3,
      okStatus: 200,
      attempt: (from, i) =>
        app.call("PATCH", `/api/messages/${id}`, {
          from,
          token: members[0]!.token,
          json: { content: `v${i}` },
        }),
    });
  });
});
