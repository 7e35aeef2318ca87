import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { download, exportAndWait, openArchive } from "./data-export.fixtures";

/** The queue's name as pg-boss stores it (export-jobs.ts), spelled out: a rename would strand waiting jobs. */
const DATA_EXPORT_CLEANUP_QUEUE = "data-export-cleanup";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
});
afterAll(() => t.close());

const status = (user: QuickUser | null) =>
  t.request("GET", "/api/users/me/data-export", { token: user?.token ?? null });
const ask = (user: QuickUser | null, headers: Record<string, string> = {}) =>
  t.request("POST", "/api/users/me/data-export", { token: user?.token ?? null, headers });
const rowCount = async (user: QuickUser) =>
  (await t.sql`select 1 from data_exports where user_id = ${user.id}`).length;

describe("asking for, building and downloading the file", () => {
  test("none, then pending (202), then ready for 7 days; the download is an attachment", async () => {
    const user = await createQuickUser(t);
    expect((await status(user)).body).toEqual({
      status: "none",
      requested_at: null,
      expires_at: null,
      byte_size: null,
    });
    const asked = await ask(user);
    expect(asked.status).toBe(202);
    expect(["pending", "ready"]).toContain(asked.body.status);
    expect(asked.body.requested_at).toEqual(expect.any(String));

    const ready = await exportAndWait(t, user.token);
    const kept = Date.parse(ready.expires_at) - Date.parse(ready.requested_at);
    expect(kept).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(kept).toBeLessThanOrEqual(7.01 * 24 * 3600 * 1000);
    const file = await download(t, user.token);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/zip");
    expect(file.headers.get("content-disposition")).toMatch(
      /^attachment; filename="clubnica-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.bytes.byteLength).toBe(ready.byte_size);
    expect(openArchive(file.bytes).data.profile.username).toBe(user.username);
  });

  test("asking again while the file is built changes nothing and does not count", async () => {
    const user = await createQuickUser(t);
    // A request whose job has not run yet (as when every worker is busy).
    await t.sql`insert into data_exports (user_id, status, requested_at) values (${user.id}, 'pending', now())`;
    const before = (await status(user)).body;
    expect(before.status).toBe("pending");
    for (let i = 0; i < 5; i += 1) {
      const again = await ask(user);
      expect(again.status).toBe(202);
      expect(again.body).toEqual(before);
    }
    const counted = await t.sql`select 1 from rate_limits where key = ${`data-exports:u:${user.id}`}`;
    expect(counted.length).toBe(0);
    // While it is built, the download says so.
    const early = await t.request("GET", "/api/users/me/data-export/download", { token: user.token });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe("Your file is still being prepared. Try again in a minute.");
  });

  test("an expired file answers 410 with a detail, then the cleanup job deletes it (404)", async () => {
    const user = await createQuickUser(t);
    await exportAndWait(t, user.token);
    await t.sql`update data_exports set expires_at = now() - interval '1 minute' where user_id = ${user.id}`;
    expect((await status(user)).body.status).toBe("none");
    const gone = await t.request("GET", "/api/users/me/data-export/download", { token: user.token });
    expect(gone.status).toBe(410);
    expect(gone.body.detail).toBe(
      "This download has expired (files are kept for 7 days). Ask for a new one from your profile.",
    );
    const spanish = await t.request("GET", "/api/users/me/data-export/download", {
      token: user.token,
      headers: { "accept-language": "es" },
    });
    expect(spanish.body.detail).toBe(
      "Esta descarga ya venció (los archivos se guardan 7 días). Pedí uno nuevo desde tu perfil.",
    );

    // A live file of someone else stays.
    const other = await createQuickUser(t);
    await exportAndWait(t, other.token);
    await t.deps.jobs.send(DATA_EXPORT_CLEANUP_QUEUE, {});
    const deadline = Date.now() + 30_000;
    while ((await rowCount(user)) > 0 && Date.now() < deadline) await Bun.sleep(100);
    expect(await rowCount(user)).toBe(0);
    expect(await rowCount(other)).toBe(1);
    const none = await t.request("GET", "/api/users/me/data-export/download", { token: user.token });
    expect(none.status).toBe(404);
    expect(none.body.detail).toBe("You have no file ready. Ask for one from your profile.");
    expect((await download(t, other.token)).status).toBe(200);
  });

  test("a new request replaces the ready file; deleting the account deletes the file", async () => {
    const user = await createQuickUser(t);
    const first = await exportAndWait(t, user.token);
    const second = await exportAndWait(t, user.token);
    expect(Date.parse(second.requested_at)).toBeGreaterThan(Date.parse(first.requested_at));
    expect(await rowCount(user)).toBe(1);
    await t.sql`delete from users where id = ${user.id}`;
    expect(await rowCount(user)).toBe(0);
  });
});

describe("who may ask", () => {
  test("matrix: guest 401; member, owner, admin and muted may; banned 403; each only their own file", async () => {
    for (const path of ["/api/users/me/data-export", "/api/users/me/data-export/download"]) {
      expect((await t.request("GET", path)).status).toBe(401);
    }
    expect((await ask(null)).status).toBe(401);

    const member = await createQuickUser(t);
    const owner = await createQuickUser(t, { role: "owner" });
    const admin = await createQuickUser(t, { role: "admin" });
    const muted = await createQuickUser(t);
    await t.sql`update users set mute_until = now() + interval '1 day' where id = ${muted.id}`;
    for (const user of [member, owner, admin, muted]) {
      await exportAndWait(t, user.token);
      const file = await download(t, user.token);
      expect(file.status).toBe(200);
      expect(openArchive(file.bytes).data.profile.id).toBe(user.id);
    }
    // Another member (even an admin) has no way to reach someone else's file: "me" is the caller.
    const other = await createQuickUser(t);
    expect((await download(t, other.token)).status).toBe(404);

    const banned = await createQuickUser(t);
    await exportAndWait(t, banned.token);
    await t.sql`update users set ban_until = now() + interval '1 day' where id = ${banned.id}`;
    expect((await status(banned)).status).toBe(403);
    expect((await ask(banned)).status).toBe(403);
    const refused = await download(t, banned.token);
    expect(refused.status).toBe(403);
  });
});

describe("rate limit", () => {
  test("past RATE_DATA_EXPORTS_PER_ACCOUNT (3 a day by default) asking is 429 with Retry-After", async () => {
    const user = await createQuickUser(t);
    for (let i = 0; i < 3; i += 1) {
      // Each request waits for its file, so none is "already being built" (those are free).
      await exportAndWait(t, user.token);
    }
    const refused = await ask(user);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe(
      "You have asked for your data too many times today. Try again tomorrow.",
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The refused request left the ready file as it was.
    expect((await status(user)).body.status).toBe("ready");
    const spanish = await ask(user, { "accept-language": "es" });
    expect(spanish.body.detail).toBe("Ya pediste tus datos demasiadas veces hoy. Intentalo mañana.");
  });
});
