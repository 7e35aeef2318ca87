import { afterAll, beforeAll, expect, test } from "bun:test";
import { createQuickUser } from "../../features/clubs/user.fixtures";
import { type PerAddressApp, smallPerAddress, startPerAddressApp } from "./per-address.fixtures";

/**
 * Officer changes and handover steps counted per client address over real sockets from
 * distinct loopback addresses (see per-address.test.ts), marked for per-address-coverage.test.ts.
 */
let app: PerAddressApp;
beforeAll(async () => {
  app = await startPerAddressApp(smallPerAddress(["OFFICER_CHANGES", "HANDOVERS"]));
});
afterAll(async () => {
  await app.close();
});

const covered = new Set<string>();

test("naming and removing officers count each address apart", async () => {
  covered.add("RATE_OFFICER_CHANGES_PER_ADDRESS");
  const owner = await createQuickUser(app.t, { role: "owner" });
  const clubId = await app.clubOf(owner);
  const member = await createQuickUser(app.t);
  await app.join(clubId, member);
  const path = `/api/clubs/${clubId}/officers/${member.id}`;
  await app.expectCountedPerAddress({
    subnet: 23,
    max: 3,
    okStatus: 200,
    attempt: (from, i) =>
      i === 1
        ? app.call("DELETE", path, { from, token: owner.token })
        : app.call("PUT", path, {
            from,
            token: owner.token,
            json: { title: `Secretaria ${i}`, permissions: ["check_in"] },
          }),
  });
});

test("a handover's offers and cancels count each address apart", async () => {
  covered.add("RATE_HANDOVERS_PER_ADDRESS");
  const owner = await createQuickUser(app.t, { role: "owner" });
  const clubId = await app.clubOf(owner);
  const member = await createQuickUser(app.t, { role: "owner" });
  await app.join(clubId, member);
  const path = `/api/clubs/${clubId}/transfer`;
  await app.expectCountedPerAddress({
    subnet: 24,
    max: 3,
    okStatus: 201,
    attempt: async (from) => {
      // Each try is a new offer: the last one is closed in the database, uncounted.
      const res = await app.call("POST", path, { from, token: owner.token, json: { to_user_id: member.id } });
      if (res.status === 201)
        await app.t.sql`update club_transfers set status = 'cancelled' where club_id = ${clubId}`;
      return res;
    },
  });
  expect(covered.size).toBe(2);
});
