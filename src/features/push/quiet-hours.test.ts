import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { decryptPush } from "./browser-keys.fixtures";
import { MORNING_QUEUE } from "./morning-summary";
import { setQuietHours, subscribeBrowser } from "./push.fixtures";
import { makeTestCa, type PushService, startPushService } from "./push-service.fixtures";
import { queuePush } from "./queue-push.fixtures";
import { findQuietHoursEnd } from "./quiet-hours";

setDefaultTimeout(60_000);

let t: TestApp;
let service: PushService;
beforeAll(async () => {
  const tls = await makeTestCa();
  service = await startPushService(tls);
  t = await setupTestApp({ PUSH_ENDPOINT_ALLOWLIST: "127.0.0.1" }, { jobs: true, mail: true });
  t.deps.config.PUSH_CA_FILE = tls.caFile;
}, 60_000);
afterAll(async () => {
  await t.close();
  service.stop();
});

const PATH = "/api/users/me/notification-settings";
// 21:30 on 26 November in Managua (UTC-6): inside the default quiet hours, which end at 07:00.
const NIGHT = new Date("2026-11-27T03:30:00Z");
const MORNING_END = "2026-11-27T13:00:00.000Z";
// The same night some days ahead, for the tests whose summary job goes through the real queue:
// a morning already past would be due at once, and the worker (running here) would take the
// first job before the second push is held, so a second job would follow (and its push would
// reach the next test's push service).
const DAY = 86_400_000;
const AHEAD = (Math.ceil((Date.now() - NIGHT.getTime()) / DAY) + 2) * DAY;
const COMING_NIGHT = new Date(NIGHT.getTime() + AHEAD);
const COMING_MORNING_END = new Date(new Date(MORNING_END).getTime() + AHEAD).toISOString();
const notice = (title: string, path: string) => ({ title, body: "b", path, tag: title, kind: "post" });

describe("quiet hours in the settings document", () => {
  test("default 21:00 to 07:00; PUT changes only quiet_hours; null turns them off", async () => {
    const u = await createQuickUser(t);
    expect((await t.request("GET", PATH, { token: u.token })).body.quiet_hours).toEqual({
      start: "21:00",
      end: "07:00",
    });
    await t.request("PUT", PATH, { token: u.token, json: { who_can_message: "clubs" } });
    const saved = await setQuietHours(t, u, { start: "22:30", end: "06:00" });
    expect(saved.status).toBe(200);
    // PUT answers the whole document (kinds, muted_clubs too); the keys not sent keep their values.
    expect(saved.body).toMatchObject({
      who_can_message: "clubs",
      digest: true,
      quiet_hours: { start: "22:30", end: "06:00" },
    });
    expect((await setQuietHours(t, u, null)).body).toMatchObject({
      who_can_message: "clubs",
      quiet_hours: null,
    });
  });

  test.each([
    [{ start: "21:00" }],
    [{ start: "24:00", end: "07:00" }],
    [{ start: "7:00", end: "21:00" }],
    [{ start: "07:00", end: "07:00" }],
    [{ start: "21:00", end: "07:00", zone: "UTC" }],
    ["21:00-07:00"],
  ])("%j is 422 with a detail and nothing is saved", async (value) => {
    const u = await createQuickUser(t);
    const res = await setQuietHours(t, u, value);
    expect(res.status).toBe(422);
    expect(res.body.detail).toHaveLength(1);
    const [issue] = res.body.detail;
    expect(issue.loc[0]).toBe("body");
    expect(String(issue.loc[1])).toStartWith("quiet_hours");
    expect(issue.msg).toBe(
      'Quiet hours must be null or an object with "start" and "end" as HH:MM, two different times.',
    );
    expect((await t.request("GET", PATH, { token: u.token })).body.quiet_hours).toEqual({
      start: "21:00",
      end: "07:00",
    });
  });
});

describe("the clock of quiet hours (America/Managua)", () => {
  test("inside until the end, outside from it; a window within one day works too", () => {
    const night = { start: "21:00", end: "07:00" };
    expect(findQuietHoursEnd(night, NIGHT)?.toISOString()).toBe(MORNING_END);
    expect(findQuietHoursEnd(night, new Date("2026-11-27T12:59:59Z"))?.toISOString()).toBe(MORNING_END);
    expect(findQuietHoursEnd(night, new Date("2026-11-27T13:00:00Z"))).toBeNull();
    expect(findQuietHoursEnd(night, new Date("2026-11-27T02:59:00Z"))).toBeNull();
    const lunch = { start: "12:00", end: "13:00" };
    expect(findQuietHoursEnd(lunch, new Date("2026-11-26T18:30:00Z"))?.toISOString()).toBe(
      "2026-11-26T19:00:00.000Z",
    );
    expect(findQuietHoursEnd(null, NIGHT)).toBeNull();
  });
});

describe("a push due in quiet hours", () => {
  test("is held, and all held pushes become one summary push when quiet hours end", async () => {
    const u = await createQuickUser(t);
    await t.sql`update users set locale = 'es' where id = ${u.id}`;
    const browser = await subscribeBrowser(t, u, service);
    const before = service.received.length;
    for (const title of ["Nuevo evento", "Nueva publicación"]) {
      expect(await queuePush(t.deps, u.id, notice(title, "/clubs/1"), { now: COMING_NIGHT })).toBe("held");
    }
    const held = await t.sql`select title from held_pushes where user_id = ${u.id} order by id`;
    expect(held.map((row) => row.title)).toEqual(["Nuevo evento", "Nueva publicación"]);
    // One summary job for the night, due at 07:00 Managua, however many pushes were held.
    const jobs = await t.sql<{ id: string; start_after: number }[]>`
      select id, extract(epoch from start_after)::float8 as start_after from pgboss.job where name = ${MORNING_QUEUE} and data->>'userId' = ${String(u.id)}`;
    expect(jobs.map((job) => new Date(job.start_after * 1000).toISOString())).toEqual([COMING_MORNING_END]);
    expect(service.received.length).toBe(before);

    // Morning comes: the scheduled job is made due now (the queue runs it as it would at 07:00).
    await t.sql`update pgboss.job set start_after = now() where id = ${jobs[0]!.id}`;
    const push = await service.next();
    expect(push.path).toBe(browser.path);
    expect(JSON.parse(decryptPush(browser.keys, push.body))).toMatchObject({
      title: "2 notificaciones mientras descansabas",
      body: "Nuevo evento\nNueva publicación",
      path: "/clubs/1",
      tag: "morning-summary",
    });
    expect(await t.sql`select 1 from held_pushes where user_id = ${u.id}`).toHaveLength(0);
  });

  test("goes out at once when quiet hours are off", async () => {
    const u = await createQuickUser(t);
    const browser = await subscribeBrowser(t, u, service);
    await setQuietHours(t, u, null);
    expect(await queuePush(t.deps, u.id, notice("Hola", "/chat"), { now: COMING_NIGHT })).toBe("queued");
    const push = await service.next();
    expect(JSON.parse(decryptPush(browser.keys, push.body)).title).toBe("Hola");
  });

  test("is skipped for a kind switched off or a muted club (keys of the settings document)", async () => {
    const u = await createQuickUser(t);
    await subscribeBrowser(t, u, service);
    await t.sql`insert into user_notification_settings (user_id, settings)
      values (${u.id}, ${JSON.stringify({ quiet_hours: null, kinds: { post: { push: false } }, muted_clubs: [7] })}::jsonb)`;
    expect(await queuePush(t.deps, u.id, notice("x", "/"))).toBe("skipped");
    expect(await queuePush(t.deps, u.id, { ...notice("x", "/"), kind: "event", clubId: 7 })).toBe("skipped");
    expect(await queuePush(t.deps, u.id, { ...notice("x", "/"), kind: "event", clubId: 8 })).toBe("queued");
  });
});
