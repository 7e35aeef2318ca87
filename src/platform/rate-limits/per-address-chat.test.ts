import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { type PerAddressApp, smallPerAddress, startPerAddressApp } from "./per-address.fixtures";

/**
 * The chat's reaction and edit limits (issue 48), per client address over real sockets from
 * distinct loopback addresses (see per-address.test.ts), and per account. Marked
 * `covered.add("RATE_…")` for per-address-coverage.test.ts.
 */
setDefaultTimeout(60_000);
let app: PerAddressApp;
beforeAll(async () => {
  app = await startPerAddressApp({
    ...smallPerAddress(["MESSAGE_REACTIONS", "MESSAGE_EDITS"]),
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
