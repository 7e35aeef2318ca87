import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import postgres from "postgres";
import { createApp } from "../../src/app";
import { loadConfig } from "../../src/config";
import { connectDatabase } from "../../src/lib/database/client";
import { runMigrations } from "../../src/lib/database/migrate";
import { startJobQueue } from "../../src/lib/jobs/queue";
import { createLogger } from "../../src/lib/logger";
import { createMailer } from "../../src/lib/mailer";
import { type RestartablePostgres, startRestartablePostgres } from "../restartable-postgres";

setDefaultTimeout(120_000);

/**
 * Unchanged polls never reach PostgreSQL: the server itself counts statements
 * (pg_stat_statements, preloaded in a cluster of this test's own), for the role the app's pool
 * connects as. The job queue and this test's setup use another role, so every statement the app
 * sends is seen, and only those.
 */
let pg: RestartablePostgres;
let admin: postgres.Sql;
let close: () => Promise<void>;
let app: ReturnType<typeof createApp>;

const APP_ROLE = "poll_app";

beforeAll(async () => {
  pg = await startRestartablePostgres({ shared_preload_libraries: "pg_stat_statements" });
  await runMigrations(pg.url);
  admin = postgres(pg.url, { max: 1, onnotice: () => {} });
  await admin`create extension if not exists pg_stat_statements`;
  await admin.unsafe(`create role ${APP_ROLE} login superuser password 'poll-app-password'`);
  const appUrl = pg.url.replace("postgres@", `${APP_ROLE}:poll-app-password@`);
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: appUrl,
    JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
    LOG_LEVEL: "silent",
    DEFAULT_LOCALE: "en",
  });
  const logger = createLogger(config.LOG_LEVEL);
  const client = connectDatabase(appUrl);
  const jobs = await startJobQueue({ databaseUrl: pg.url, logger, pollingIntervalSeconds: 0.5 });
  const mailer = createMailer({ from: config.MAIL_FROM, logger, production: false });
  app = createApp({
    config,
    db: client.db,
    logger,
    mailer,
    jobs,
    jwtSecret: config.JWT_SECRET ?? "",
    lifecycle: { accepting: true },
  });
  close = async () => {
    await jobs.stop(2000);
    mailer.close();
    await client.close();
  };
});

afterAll(async () => {
  await close?.();
  await admin?.end();
  await pg?.destroy();
});

/** Statements the app's role has run so far, as PostgreSQL counts them. */
async function appStatements(): Promise<number> {
  const [row] = await admin<{ calls: string | null }[]>`
    select sum(s.calls) as calls from pg_stat_statements s
    join pg_roles r on r.oid = s.userid where r.rolname = ${APP_ROLE}`;
  return Number(row?.calls ?? 0);
}

async function call(
  method: string,
  path: string,
  init: { token?: string; etag?: string; json?: unknown; acceptEncoding?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.acceptEncoding) headers["accept-encoding"] = init.acceptEncoding;
  if (init.etag) headers["if-none-match"] = init.etag;
  if (init.json !== undefined) headers["content-type"] = "application/json";
  const body = init.json === undefined ? undefined : JSON.stringify(init.json);
  return await app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
}

async function signUp(username: string): Promise<{ id: number; token: string }> {
  const password = "correct-horse-battery";
  const signup = await call("POST", "/signup", { json: { username, password, role: "member" } });
  expect(signup.status).toBe(201);
  const id = ((await signup.json()) as { id: number }).id;
  const login = await app.handle(
    new Request("http://localhost/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username, password }).toString(),
    }),
  );
  return { id, token: ((await login.json()) as { access_token: string }).access_token };
}

const gunzipText = (bytes: ArrayBuffer | Uint8Array) =>
  new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(bytes)));

/** Polls until the answer is a 304 (the memory is filled on the first reads), returning its tag. */
async function settle(path: string, token: string): Promise<string> {
  let etag = "";
  for (let i = 0; i < 20; i++) {
    const res = await call("GET", path, { token, etag });
    if (res.status === 304) return etag;
    expect(res.status).toBe(200);
    etag = res.headers.get("etag") ?? "";
    await res.arrayBuffer();
  }
  throw new Error(`${path} never answered 304`);
}

describe("unchanged polls", () => {
  test("1,000 chat, badge, bell and feed polls in a row run no statement; a change is read again", async () => {
    const me = await signUp("ana_polls");
    const friend = await signUp("ben_polls");
    const [club] = await admin<{ id: number }[]>`
      insert into clubs (name, description) values ('Club de Ciencias', 'Ciencia') returning id`;
    const clubId = club!.id;
    await admin`insert into club_members (club_id, user_id) values (${clubId}, ${me.id}), (${clubId}, ${friend.id})`;
    await admin`insert into posts (club_id, title) values (${clubId}, 'Feria de ciencias')`;
    const sent = await call("POST", `/api/messages/club/${clubId}`, {
      token: friend.token,
      json: { content: "hola" },
    });
    expect(sent.status).toBe(201);
    const lastId = ((await sent.json()) as { id: number }).id;
    await call("POST", `/api/messages/user/${me.id}`, { token: friend.token, json: { content: "¿vienes?" } });

    // The setup's NOTIFYs reach the app some milliseconds after each commit; one heard after a
    // poll was remembered only makes the next poll read again. Let them all arrive first.
    await Bun.sleep(1000);
    const chat = `/api/messages/club/${clubId}?after=${lastId}`;
    const feed = "/api/posts/feed?filter=newest&limit=20&offset=0";
    const badge = "/api/notifications";
    const bell = "/api/notifications/notices/count";
    const tags = {
      chat: await settle(chat, me.token),
      badge: await settle(badge, me.token),
      bell: await settle(bell, me.token),
      feed: await settle(feed, me.token),
    };

    const before = await appStatements();
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      for (const [path, etag] of [
        [chat, tags.chat],
        [badge, tags.badge],
        [bell, tags.bell],
        [feed, tags.feed],
      ] as const) {
        const res = await call("GET", path, { token: me.token, etag });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }
    const after = await appStatements();
    expect(Object.fromEntries(statuses)).toEqual({ 304: 4000 });
    console.log(`statements for 4,000 unchanged polls: ${after - before}`);

    expect(after - before).toBe(0);

    // The counter sees the app: a new message makes the next chat poll read it from PostgreSQL.
    await admin`insert into messages (sender_id, club_id, content) values (${friend.id}, ${clubId}, 'nuevo')`;
    let fresh: Response | null = null;
    for (let i = 0; i < 100 && fresh?.status !== 200; i++) {
      fresh = await call("GET", chat, { token: me.token, etag: tags.chat });
      if (fresh.status !== 200) await Bun.sleep(10);
    }
    expect(fresh?.status).toBe(200);
    expect(((await fresh!.json()) as { content: string }[]).map((m) => m.content)).toEqual(["nuevo"]);
    expect(await appStatements()).toBeGreaterThan(after);

    // A notice of a kind the badge does not count (a club post) still changes the bell.
    // (Reading the chat above marked its notice read: the bell is read afresh first.)
    const current = await call("GET", bell, { token: me.token });
    const currentTag = current.headers.get("etag") ?? "";
    const { unread } = (await current.json()) as { unread: number };
    await admin`insert into user_notices (user_id, kind, club_id) values (${me.id}, 'club_post', ${clubId})`;
    let rung: Response | null = null;
    for (let i = 0; i < 100 && rung?.status !== 200; i++) {
      rung = await call("GET", bell, { token: me.token, etag: currentTag });
      if (rung.status !== 200) await Bun.sleep(10);
    }
    expect(rung?.status).toBe(200);
    expect(((await rung!.json()) as { unread: number }).unread).toBe(unread + 1);
  });

  test("1,000 feed polls without If-None-Match get the remembered page again and run no statement", async () => {
    const me = await signUp("carla_polls");
    const [club] = await admin<{ id: number }[]>`
      insert into clubs (name, description) values ('Club de Robótica', 'Robots') returning id`;
    await admin`insert into club_members (club_id, user_id) values (${club!.id}, ${me.id})`;
    // Enough posts for a page worth compressing (512 bytes and up).
    for (let i = 0; i < 5; i++)
      await admin`insert into posts (club_id, title) values (${club!.id}, ${`Taller ${i}`})`;
    await Bun.sleep(1000);
    const feed = "/api/posts/feed?filter=newest&limit=20&offset=0";
    const poll = () => call("GET", feed, { token: me.token, acceptEncoding: "gzip" });
    // The first answers read the page; once it is remembered, the answers repeat its bytes.
    let first = await poll();
    for (let i = 0; i < 20 && first.headers.get("content-encoding") !== "gzip"; i++) first = await poll();
    const etag = first.headers.get("etag");
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(first.headers.get("content-encoding")).toBe("gzip");
    await poll();

    const before = await appStatements();
    let same = 0;
    for (let i = 0; i < 1000; i++) {
      const res = await poll();
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status === 200 && res.headers.get("etag") === etag && body.equals(bytes)) same += 1;
    }
    const after = await appStatements();
    console.log(`statements for 1,000 unchanged feed polls without If-None-Match: ${after - before}`);
    expect(same).toBe(1000);
    expect(after - before).toBe(0);
    const page = JSON.parse(gunzipText(bytes)) as { title: string }[];
    expect(page.map((p) => p.title)).toContain("Taller 4");

    // A new post reaches the next poll: the page is read again, with the post on it.
    await admin`insert into posts (club_id, title) values (${club!.id}, 'Taller nuevo')`;
    let titles: string[] = [];
    for (let i = 0; i < 100 && !titles.includes("Taller nuevo"); i++) {
      const res = await poll();
      titles = (JSON.parse(gunzipText(await res.arrayBuffer())) as { title: string }[]).map((p) => p.title);
      if (!titles.includes("Taller nuevo")) await Bun.sleep(10);
    }
    expect(titles).toContain("Taller nuevo");
    expect(await appStatements()).toBeGreaterThan(after);
  });
});
