import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { type PerAddressApp, smallPerAddress, startPerAddressApp } from "./per-address.fixtures";

/**
 * Per-address limits on clubs, reactions, calendar feeds, language, push, check-in and the
 * digest link, over real sockets from distinct loopback addresses (see per-address.test.ts).
 * Every `*_PER_ADDRESS` setting has a case in one of the per-address*.test.ts files
 * (per-address-coverage.test.ts checks), each marked with `covered.add("RATE_…")`.
 */
let app: PerAddressApp;
beforeAll(async () => {
  app = await startPerAddressApp({
    ...smallPerAddress([
      "CLUB_CREATES",
      "CLUB_EDITS",
      "REACTIONS",
      "CALENDAR_FEEDS",
      "CHECK_INS",
      "LANGUAGE_CHANGES",
      "LANGUAGE_SWITCHES",
      "PUSH_SUBSCRIPTIONS",
      "DIGEST_UNSUBSCRIBES",
    ]),
  });
});
afterAll(async () => {
  await app.close();
});

const covered = new Set<string>();

describe("each per-address limit counts each address apart (community)", () => {
  test("club creates", async () => {
    covered.add("RATE_CLUB_CREATES_PER_ADDRESS");
    const owners = [
      await createQuickUser(app.t, { role: "owner" }),
      await createQuickUser(app.t, { role: "owner" }),
    ];
    await app.expectCountedPerAddress({
      subnet: 13,
      max: 3,
      okStatus: 201,
      attempt: (from, i) => {
        const form = new FormData();
        form.set("name", `Club ${i} ${Math.random().toString(36).slice(2, 8)}`);
        form.set("description", "Un club");
        return app.call("POST", "/api/clubs", { from, token: owners[i % 2]!.token, multipart: form });
      },
    });
  });

  test("club edits", async () => {
    covered.add("RATE_CLUB_EDITS_PER_ADDRESS");
    const owners = [
      await createQuickUser(app.t, { role: "owner" }),
      await createQuickUser(app.t, { role: "owner" }),
    ];
    const clubs = [await app.clubOf(owners[0]!), await app.clubOf(owners[1]!)];
    await app.expectCountedPerAddress({
      subnet: 14,
      max: 3,
      okStatus: 200,
      attempt: (from, i) => {
        const form = new FormData();
        form.set("description", `Descripción ${i}`);
        return app.call("PUT", `/api/clubs/${clubs[i % 2]}`, {
          from,
          token: owners[i % 2]!.token,
          multipart: form,
        });
      },
    });
  });

  test("like and favorite toggles", async () => {
    covered.add("RATE_REACTIONS_PER_ADDRESS");
    const owner = await createQuickUser(app.t, { role: "owner" });
    const clubId = await app.clubOf(owner);
    const [row] = await app.t.sql<{ id: number }[]>`
      insert into posts (club_id, author_id, title, content) values (${clubId}, ${owner.id}, 'Aviso', 'Hola')
      returning id`;
    const people = [await createQuickUser(app.t), await createQuickUser(app.t)];
    await app.expectCountedPerAddress({
      subnet: 15,
      max: 3,
      okStatus: 200,
      attempt: (from, i) =>
        app.call("POST", `/api/posts/${row!.id}/${i % 2 ? "favorite" : "like"}`, {
          from,
          token: people[i % 2]!.token,
        }),
    });
  });

  test("push subscribe and unsubscribe calls", async () => {
    covered.add("RATE_PUSH_SUBSCRIPTIONS_PER_ADDRESS");
    const people = [await createQuickUser(app.t), await createQuickUser(app.t)];
    await app.expectCountedPerAddress({
      subnet: 21,
      max: 3,
      okStatus: 200,
      attempt: (from, i) =>
        app.call("DELETE", "/api/push/subscriptions", {
          from,
          token: people[i % 2]!.token,
          json: { endpoint: `https://push.example/${i}` },
        }),
    });
  });

  test("new calendar-feed addresses", async () => {
    covered.add("RATE_CALENDAR_FEEDS_PER_ADDRESS");
    const people = [await createQuickUser(app.t), await createQuickUser(app.t)];
    await app.expectCountedPerAddress({
      subnet: 16,
      max: 3,
      okStatus: 200,
      attempt: (from, i) =>
        app.call("POST", "/api/users/me/calendar-feed", { from, token: people[i % 2]!.token }),
    });
  });

  test("saved language changes", async () => {
    covered.add("RATE_LANGUAGE_CHANGES_PER_ADDRESS");
    const people = [await createQuickUser(app.t), await createQuickUser(app.t)];
    await app.expectCountedPerAddress({
      subnet: 17,
      max: 3,
      okStatus: 200,
      attempt: (from, i) =>
        app.call("PUT", "/api/users/me/locale", {
          from,
          token: people[i % 2]!.token,
          json: { locale: i % 2 ? "es" : "en" },
        }),
    });
  });

  test("the language link, signed out", async () => {
    covered.add("RATE_LANGUAGE_SWITCHES_PER_ADDRESS");
    await app.expectCountedPerAddress({
      subnet: 18,
      max: 3,
      okStatus: 303,
      attempt: (from, i) => app.call("GET", `/lang/${i % 2 ? "es" : "en"}?next=/clubs`, { from }),
    });
  });

  test("check-in attempts", async () => {
    covered.add("RATE_CHECK_INS_PER_ADDRESS");
    const owner = await createQuickUser(app.t, { role: "owner" });
    const people = [await createQuickUser(app.t), await createQuickUser(app.t)];
    const clubId = await app.clubOf(owner);
    for (const person of people)
      await app.t.sql`insert into club_members (club_id, user_id) values (${clubId}, ${person.id})`;
    const [event] = await app.t.sql<{ id: number }[]>`
      insert into posts (club_id, title, is_event, event_date) values (${clubId}, 'Feria', true, now()) returning id`;
    // No code was ever shown for this event, so every attempt is a wrong code (422) until the limit.
    await app.expectCountedPerAddress({
      subnet: 19,
      max: 3,
      okStatus: 422,
      attempt: (from, i) =>
        app.call("POST", `/api/posts/${event!.id}/check-ins`, {
          from,
          token: people[i % 2]!.token,
          json: { code: "000000" },
        }),
    });
  });

  test("the digest's unsubscribe link, signed out (GET and POST count together)", async () => {
    covered.add("RATE_DIGEST_UNSUBSCRIBES_PER_ADDRESS");
    const person = await createQuickUser(app.t);
    const token = "D".repeat(43);
    await app.t.sql`insert into digest_tokens (user_id, token) values (${person.id}, ${token})`;
    await app.expectCountedPerAddress({
      subnet: 20,
      max: 3,
      okStatus: 200,
      attempt: (from, i) =>
        app.call(i % 2 ? "POST" : "GET", `/api/digest/unsubscribe?token=${token}`, {
          from,
          form: i % 2 ? { "List-Unsubscribe": "One-Click" } : undefined,
        }),
    });
  });

  test("nothing was counted as the loopback address the server falls back to without a socket", async () => {
    expect(await app.countersAt("127.0.0.1")).toEqual([]);
  });
});
