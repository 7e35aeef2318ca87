import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import type { DashboardJson } from "../../../common/api/dashboard";
import { messages } from "../../../common/messages";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";
import { setupTestApp } from "../../../test/harness";
import { resolveRange } from "./service";

setDefaultTimeout(60_000);

let t: TestApp;
let users: Record<"member" | "otherOwner" | "owner" | "admin", QuickUser>;
let clubId: number;

beforeAll(async () => {
  t = await setupTestApp();
  users = {
    member: await createQuickUser(t),
    otherOwner: await createQuickUser(t, { role: "owner" }),
    owner: await createQuickUser(t, { role: "owner" }),
    admin: await createQuickUser(t, { role: "admin" }),
  };
  const [row] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Teatro', 'x', ${users.owner.id}) returning id`;
  clubId = row!.id;
  await t.sql`insert into club_members (club_id, user_id) values (${clubId}, ${users.member.id})`;
}, 60_000);
afterAll(() => t.close());

const who = ["guest", "member", "otherOwner", "owner", "admin"] as const;
const tokenOf = (name: (typeof who)[number]) => (name === "guest" ? null : users[name].token);

describe("who may read the figures", () => {
  const club = { guest: 401, member: 403, otherOwner: 403, owner: 200, admin: 200 };
  for (const name of who) {
    test(`GET /api/clubs/{id}/dashboard as ${name}: ${club[name]}`, async () => {
      const res = await t.request("GET", `/api/clubs/${clubId}/dashboard`, { token: tokenOf(name) });
      expect(res.status).toBe(club[name]);
      if (res.status !== 200) expect(typeof res.body.detail).toBe("string");
    });
  }

  const site = { guest: 401, member: 403, otherOwner: 403, owner: 403, admin: 200 };
  for (const name of who) {
    test(`GET /api/admin/dashboard as ${name}: ${site[name]}`, async () => {
      const res = await t.request("GET", "/api/admin/dashboard", { token: tokenOf(name) });
      expect(res.status).toBe(site[name]);
      if (res.status !== 200) expect(typeof res.body.detail).toBe("string");
    });
  }

  test("a member who owns nothing is told why, in their language", async () => {
    const res = await t.request("GET", `/api/clubs/${clubId}/dashboard`, {
      token: users.otherOwner.token,
      headers: { "accept-language": "es-NI" },
    });
    expect(res.body.detail).toBe(messages("es").dashboard.clubForbidden);
  });

  test("a club that does not exist: 404; a bad id: 422", async () => {
    expect((await t.request("GET", "/api/clubs/999999/dashboard", { token: users.admin.token })).status).toBe(
      404,
    );
    expect((await t.request("GET", "/api/clubs/abc/dashboard", { token: users.admin.token })).status).toBe(
      422,
    );
  });
});

describe("date range rules", () => {
  const en = messages("en").dashboard;
  const cases: [string, string][] = [
    ["from=2026-13-01", en.dayFormat],
    ["from=2026-02-30", en.dayFormat],
    ["to=26-11-2026", en.dayFormat],
    ["from=2026-11-10&to=2026-11-01", en.fromAfterTo],
    ["from=2025-01-01&to=2026-01-02", en.rangeTooLong],
  ];
  for (const [query, msg] of cases) {
    test(`${query}: 422 with a detail`, async () => {
      const res = await t.request("GET", `/api/clubs/${clubId}/dashboard?${query}`, {
        token: users.owner.token,
      });
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body.detail)).toContain(msg);
      const site = await t.request("GET", `/api/admin/dashboard?${query}`, { token: users.admin.token });
      expect(site.status).toBe(422);
    });
  }

  test("a year and a day (366 days) is allowed", async () => {
    const res = await t.request("GET", `/api/clubs/${clubId}/dashboard?from=2024-01-01&to=2024-12-31`, {
      token: users.owner.token,
    });
    expect(res.status).toBe(200);
    expect((res.body as DashboardJson).range.days).toBe(366);
    expect((res.body as DashboardJson).members.series).toHaveLength(366);
  });

  test("without a range: the last 30 Managua days up to today", async () => {
    const res = await t.request("GET", `/api/clubs/${clubId}/dashboard`, { token: users.owner.token });
    const body = res.body as DashboardJson;
    expect(body.range).toEqual(resolveRange({}));
    expect(body.range.days).toBe(30);
    expect(body.members.end).toBe(1);
  });

  test("defaults: late evening in Managua is still that day; one end given, 30 days around it", () => {
    // 2026-11-27 03:00 UTC is 2026-11-26 21:00 in Managua.
    expect(resolveRange({}, new Date("2026-11-27T03:00:00Z"))).toEqual({
      from: "2026-10-28",
      to: "2026-11-26",
      days: 30,
    });
    expect(resolveRange({ from: "2026-01-01" })).toEqual({ from: "2026-01-01", to: "2026-01-30", days: 30 });
    expect(resolveRange({ to: "2026-03-01" })).toEqual({ from: "2026-01-31", to: "2026-03-01", days: 30 });
  });
});

test("/docs documents both dashboard calls with their error statuses", async () => {
  const res = await t.request("GET", "/docs/json");
  type Operation = { summary?: string; tags?: string[]; responses?: Record<string, unknown> };
  const paths = res.body.paths as Record<string, Record<string, Operation>>;
  const expected: [string, string[]][] = [
    ["/api/clubs/{id}/dashboard", ["200", "304", "401", "403", "404", "422"]],
    ["/api/admin/dashboard", ["200", "304", "401", "403", "422"]],
  ];
  for (const [path, statuses] of expected) {
    const op = paths[path]?.get;
    expect(op?.summary, path).toBeTruthy();
    expect(op?.tags).toEqual(["Dashboard"]);
    expect(Object.keys(op?.responses ?? {}).sort(), path).toEqual([...statuses, "400", "500", "503"].sort());
  }
});
