import { afterAll, beforeAll, expect, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { type PerAddressApp, smallPerAddress, startPerAddressApp } from "./per-address.fixtures";

/**
 * Poll votes counted per client address over real sockets from distinct loopback addresses
 * (see per-address.test.ts), marked for per-address-coverage.test.ts.
 */
let app: PerAddressApp;
beforeAll(async () => {
  app = await startPerAddressApp(smallPerAddress(["POLL_VOTES"]));
});
afterAll(async () => {
  await app.close();
});

const covered = new Set<string>();

test("poll votes and withdrawals count each address apart", async () => {
  covered.add("RATE_POLL_VOTES_PER_ADDRESS");
  const owner = await createQuickUser(app.t, { role: "owner" });
  const clubId = await app.clubOf(owner);
  const created = await app.call("POST", `/api/clubs/${clubId}/polls`, {
    from: "127.0.0.1",
    token: owner.token,
    json: { question: "¿Sábado o domingo?", options: ["Sábado", "Domingo"] },
  });
  expect(created.status).toBe(201);
  const people = [await createQuickUser(app.t), await createQuickUser(app.t)];
  for (const person of people) await app.join(clubId, person);
  await app.expectCountedPerAddress({
    subnet: 22,
    max: 3,
    okStatus: 200,
    attempt: (from, i) =>
      i % 3 === 2
        ? app.call("DELETE", `/api/polls/${created.body.id}/vote`, { from, token: people[i % 2]!.token })
        : app.call("PUT", `/api/polls/${created.body.id}/vote`, {
            from,
            token: people[i % 2]!.token,
            json: { options: [i % 2] },
          }),
  });
  expect(covered.size).toBe(1);
});
