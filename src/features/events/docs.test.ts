import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true, openapi: true });
}, 60_000);
afterAll(() => t.close());

type Operation = { summary?: string; responses?: Record<string, { content?: Record<string, unknown> }> };

test("/docs documents every events call with its error statuses", async () => {
  const res = await t.request("GET", "/docs/json");
  const paths = res.body.paths as Record<string, Record<string, Operation>>;
  const expected: [string, string, string[]][] = [
    ["/api/posts/{id}/rsvp", "put", ["200", "401", "403", "404", "409", "422"]],
    // A JSON answer to an API GET also lists 304 (its ETag sent back, nothing changed).
    ["/api/posts/{id}/attendees", "get", ["200", "304", "401", "403", "404", "422"]],
    ["/api/posts/{id}/event.ics", "get", ["200", "404", "422"]],
    ["/clubs/{id}/calendar.ics", "get", ["200", "404", "422"]],
    ["/calendar/{file}", "get", ["200", "404", "422"]],
    ["/api/users/me/calendar-feed", "get", ["200", "304", "401", "403"]],
    ["/api/users/me/calendar-feed", "post", ["200", "401", "403", "429"]],
    ["/api/events/upcoming", "get", ["200", "304", "401", "403", "422"]],
  ];
  // Every operation also lists what the cross-cutting plugins answer (src/plugins/openapi-document.ts):
  // 400, 500 and 503 everywhere, 413 where a body is read.
  const common = (method: string) => ["400", "500", "503", ...(method === "get" ? [] : ["413"])];
  for (const [path, method, statuses] of expected) {
    const op = paths[path]?.[method];
    expect(op?.summary, `${method} ${path}`).toBeTruthy();
    expect(Object.keys(op?.responses ?? {}).sort(), `${method} ${path}`).toEqual(
      [...statuses, ...common(method)].sort(),
    );
  }
  for (const path of ["/clubs/{id}/calendar.ics", "/calendar/{file}", "/api/posts/{id}/event.ics"]) {
    expect(Object.keys(paths[path]!.get!.responses!["200"]!.content ?? {}), path).toEqual(["text/calendar"]);
  }
});

test("the upcoming strip lists the next events of the user's clubs with their answer", async () => {
  const owner = await t.createUser({ role: "owner" });
  const member = await t.createUser();
  const [mine] = await t.sql<
    { id: number }[]
  >`insert into clubs (name, description, owner_id) values ('Mío', 'x', ${owner.id}) returning id`;
  const [joined] = await t.sql<
    { id: number }[]
  >`insert into clubs (name, description) values ('Unido', 'x') returning id`;
  const [other] = await t.sql<
    { id: number }[]
  >`insert into clubs (name, description) values ('Ajeno', 'x') returning id`;
  await t.sql`insert into club_members (club_id, user_id) values (${joined!.id}, ${member.id})`;
  const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const [soon] = await t.sql<{ id: number }[]>`
    insert into posts (club_id, title, is_event, event_date) values
      (${joined!.id}, 'Pronto', true, ${at(1)}),
      (${joined!.id}, 'Después', true, ${at(5)}),
      (${joined!.id}, 'Ya pasó', true, ${at(-1)}),
      (${other!.id}, 'Ajeno', true, ${at(2)}),
      (${mine!.id}, 'Del dueño', true, ${at(3)})
    returning id`;
  await t.request("PUT", `/api/posts/${soon!.id}/rsvp`, { token: member.token, json: { status: "going" } });
  const res = await t.request("GET", "/api/events/upcoming?scope=mine", { token: member.token });
  expect(res.status).toBe(200);
  expect(res.body.events.map((e: { title: string }) => e.title)).toEqual(["Pronto", "Después"]);
  expect(res.body.events[0]).toMatchObject({ club_name: "Unido", going_count: 1, my_rsvp: "going" });
  const owners = await t.request("GET", "/api/events/upcoming?scope=mine&limit=5", { token: owner.token });
  expect(owners.body.events.map((e: { title: string }) => e.title)).toEqual(["Del dueño"]);
  expect((await t.request("GET", "/api/events/upcoming?limit=0", { token: owner.token })).status).toBe(422);
});
