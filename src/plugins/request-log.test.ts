import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { setupTestApp } from "../../test/harness";
import { waitUntil } from "../../test/wait";
import { createApp } from "../app";
import { createLogger, logPath } from "../lib/logger";
import { createRequestLog } from "./request-log";

function capture() {
  const lines: string[] = [];
  const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

describe("request log", () => {
  test("the access line of a log-in holds no password, token or query string", async () => {
    const { logger, lines } = capture();
    const app = new Elysia()
      .use(createRequestLog(logger))
      .post("/login", () => ({ access_token: "eyJhbGciOi.issued.sig" }));
    const res = await app.handle(
      new Request("http://localhost/login?code=771204&token=query.tok", {
        method: "POST",
        headers: { authorization: "Bearer eyJhbGciOi.header.sig", "content-type": "application/json" },
        body: JSON.stringify({ username: "ana", password: "hunter2-pass" }),
      }),
    );
    expect(res.status).toBe(200);
    await waitUntil("the access line", () => lines.some((l) => l.includes('"msg":"request"')));
    const access = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "request");
    expect(access).toMatchObject({ method: "POST", path: "/login", status: 200 });
    const line = lines.join("");
    for (const secret of ["hunter2", "issued.sig", "header.sig", "771204", "query.tok"]) {
      expect(line).not.toContain(secret);
    }
  });

  test("a request refused by a request hook is logged with the status it was answered", async () => {
    const t = await setupTestApp();
    try {
      const { logger, lines } = capture();
      const app = createApp({ ...t.deps, logger });
      const nul = await app.handle(new Request("http://localhost/api/clubs/1%00"));
      const deep = await app.handle(
        new Request("http://localhost/api/posts", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "[".repeat(200),
        }),
      );
      expect([nul.status, deep.status]).toEqual([400, 400]);
      await waitUntil(
        "two access lines",
        () => lines.filter((l) => l.includes('"msg":"request"')).length >= 2,
      );
      const access = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
      expect(access.map((l) => [l.path, l.status])).toEqual([
        ["/api/clubs/1%00", 400],
        ["/api/posts", 400],
      ]);
    } finally {
      await t.close();
    }
  });

  test("a real calendar-feed request is logged with its token masked", async () => {
    const t = await setupTestApp();
    try {
      const { logger, lines } = capture();
      // The whole app, on the test's database, writing its lines where the test reads them.
      const app = createApp({ ...t.deps, logger });
      const user = await t.createUser();
      const feed = await t.request("GET", "/api/users/me/calendar-feed", { token: user.token });
      const path = new URL(feed.body.url).pathname;
      const token = path.slice("/calendar/".length, -".ics".length);
      expect(token.length).toBeGreaterThanOrEqual(20);
      const res = await app.handle(new Request(`http://localhost${path}`));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/calendar");
      await res.text();
      // A miscased or doubled-slash address does not reach the feed, yet holds the token too.
      for (const variant of [
        `/CALENDAR/${token}.ics`,
        `//calendar/${token}.ics`,
        `/%63alendar/${token}.ics`,
      ]) {
        await (await app.handle(new Request(`http://localhost${variant}`))).text();
      }
      await waitUntil(
        "four access lines",
        () => lines.filter((l) => l.includes('"msg":"request"')).length >= 4,
      );
      const access = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
      expect(access[0]).toMatchObject({ method: "GET", path: "/calendar/***.ics", status: 200 });
      expect(access).toHaveLength(4);
      for (const line of access) expect(line.path).toContain("/***.ics");
      expect(lines.join("")).not.toContain(token);
    } finally {
      await t.close();
    }
  });

  test("the digest's unsubscribe link is logged without its token, GET and POST", async () => {
    const t = await setupTestApp();
    try {
      const { logger, lines } = capture();
      const app = createApp({ ...t.deps, logger });
      const user = await t.createUser();
      const [row] = await t.sql<{ token: string }[]>`
        insert into digest_tokens (user_id, token) values (${user.id}, ${"Q".repeat(43)}) returning token`;
      const token = row!.token;
      const url = `http://localhost/api/digest/unsubscribe?token=${token}`;
      const get = await app.handle(new Request(url));
      const post = await app.handle(
        new Request(url, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
      );
      expect([get.status, post.status]).toEqual([200, 200]);
      await Promise.all([get.text(), post.text()]);
      // A client that made the query into path segments: answered 404, logged without it.
      await (await app.handle(new Request(`http://localhost/api/digest/unsubscribe/${token}`))).text();
      await waitUntil(
        "three access lines",
        () => lines.filter((l) => l.includes('"msg":"request"')).length >= 3,
      );
      const access = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
      expect(access.map((l) => [l.method, l.path, l.status])).toEqual([
        ["GET", "/api/digest/unsubscribe", 200],
        ["POST", "/api/digest/unsubscribe", 200],
        ["GET", "/api/digest/unsubscribe/***", 404],
      ]);
      expect(lines.join("")).not.toContain(token);
    } finally {
      await t.close();
    }
  }, 30_000);

  test("logPath masks the feed token and any query, and leaves other paths alone", () => {
    expect(logPath("/api/digest/unsubscribe?token=abcdefghij")).toBe("/api/digest/unsubscribe?***");
    expect(logPath("/api/digest/unsubscribe/abcdefghij")).toBe("/api/digest/unsubscribe/***");
    expect(logPath("/api/%64igest/unsubscribe/abcdefghij")).toBe("/api/digest/unsubscribe/***");
    expect(logPath("/calendar/Dg6uAbcdefghijklmnopqrstuvwxyz12.ics")).toBe("/calendar/***.ics");
    expect(logPath("/calendar/Dg6uAbcdefghijklmnopqrstuvwxyz12.ics/")).toBe("/calendar/***.ics/");
    expect(logPath("/calendar/Dg6uAbcdefghijklmnopqrstuvwxyz12")).toBe("/calendar/***");
    expect(logPath("/calendar/x.ics?token=abc&key=k")).toBe("/calendar/***.ics?***");
    expect(logPath("/reset-password?code=771204")).toBe("/reset-password?***");
    for (const path of [
      "/",
      "/api/posts/feed",
      "/clubs/12/calendar",
      "/clubs/12/calendar.ics",
      "/api/users/me/calendar-feed",
      "/api/digest/unsubscribe",
      "/assets/entry-client-5f3a9b2c.js",
      "/api/x%ZZ",
    ]) {
      expect(logPath(path)).toBe(path);
    }
  });
});
