import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import postgres from "postgres";
import sharp from "sharp";
import { messages } from "../../../common/messages";
import {
  type AppProcess,
  createTestDatabase,
  killAll,
  startAppProcess,
  TEST_JWT_SECRET,
} from "../../../test/app-process";
import { type MailCapture, startMailCapture } from "../../../test/mail-capture";

// The calls ask for English (the app's default language is Spanish), so the details compare with it.
const m = messages("en");

// Real processes on a shared 2-core machine: generous time limits.
setDefaultTimeout(120_000);

/**
 * Two replicas of the app on one database, as Kubernetes runs them: every limited action gets
 * 429 with Retry-After past its limit although the requests alternate between the processes.
 * The test stands in for the Ingress (TRUSTED_PROXIES=127.0.0.1), so X-Forwarded-For names the
 * client address.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let mail: MailCapture;
let sql: postgres.Sql;
let apps: AppProcess[] = [];

const PER_ACCOUNT = 3;
const limits: Record<string, string> = {};
for (const action of ["MESSAGES", "COMMENTS", "POSTS", "UPLOADS", "CONNECTION_REQUESTS"]) {
  limits[`RATE_${action}_PER_ACCOUNT`] = `${PER_ACCOUNT}/1h`;
  limits[`RATE_${action}_PER_ADDRESS`] = "1000/1h";
}

beforeAll(async () => {
  database = await createTestDatabase();
  mail = await startMailCapture();
  sql = postgres(database.url, { max: 2, onnotice: () => {} });
  const env = {
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
    SMTP_URL: mail.url,
    LOG_LEVEL: "warn",
    TRUSTED_PROXIES: "127.0.0.1",
    RATE_SIGNUPS_PER_ADDRESS: "3/1h",
    RATE_OWNER_REQUESTS_PER_ADDRESS: "2/1d",
    RATE_MAILS_PER_RECIPIENT: "2/1h",
    RATE_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: "4/15m",
    ...limits,
  };
  // The first start migrates; the second joins the migrated database.
  apps = [await startAppProcess({ env })];
  apps.push(await startAppProcess({ env }));
});
afterAll(async () => {
  await killAll();
  await sql?.end();
  await mail?.close();
  await database?.drop();
});

let turn = 0;
/** Each call goes to the next process in turn. */
async function call(
  method: string,
  path: string,
  options: {
    token?: string;
    json?: unknown;
    form?: Record<string, string>;
    multipart?: FormData;
    from?: string;
  },
) {
  const app = apps[turn++ % apps.length]!;
  const headers: Record<string, string> = {
    "x-forwarded-for": options.from ?? "198.51.100.1",
    "accept-language": "en",
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  } else if (options.multipart) {
    body = options.multipart;
  }
  const res = await fetch(app.url + path, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

let userCount = 0;
/** A fresh account (each signed up from its own address, so the signup limit stays out of the way). */
async function user(role: "member" | "owner" = "member") {
  userCount += 1;
  const username = `rl_${userCount}_${Math.random().toString(36).slice(2, 7)}`;
  const from = `10.77.${Math.floor(userCount / 250)}.${userCount % 250}`;
  const password = "correct-horse-battery";
  const signup = await call("POST", "/signup", { json: { username, password }, from });
  expect(signup.status).toBe(201);
  const id = signup.body.id as number;
  await sql`update users set role = ${role}, first_name = 'Ana', last_name = 'Ruiz',
    email = ${`${username}@example.com`} where id = ${id}`;
  const login = await call("POST", "/login", { form: { username, password }, from });
  return { id, username, password, token: login.body.access_token as string };
}

async function club(owner: { token: string }) {
  const res = await call("POST", "/api/clubs", {
    token: owner.token,
    json: { name: `Club ${Math.random().toString(36).slice(2, 8)}`, description: "Un club" },
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

function multipart(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

async function png() {
  const data = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#0067C6" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(data)], "me.png", { type: "image/png" });
}

/**
 * `allowed` answers that are not refused (a success, or `passStatus`), alternating processes,
 * then 429 with Retry-After and the catalogue's detail.
 */
async function expectLimit(
  attempt: (i: number) => Promise<{ status: number; headers: Headers; body: any }>,
  allowed: number,
  detail: string,
  passStatus = 0,
) {
  for (let i = 0; i < allowed; i++) {
    const res = await attempt(i);
    if (res.status >= 300 && res.status !== passStatus) {
      throw new Error(`attempt ${i} answered ${res.status} ${JSON.stringify(res.body)}`);
    }
  }
  const refused = await attempt(allowed);
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(refused.body).toEqual({ detail });
}

describe("rate limits shared by two app processes on one database", () => {
  test("chat and direct messages (one budget per account)", async () => {
    const [sender, friend, owner] = [await user(), await user(), await user("owner")];
    const clubId = await club(owner);
    await sql`insert into club_members (club_id, user_id) values (${clubId}, ${sender.id})`;
    await expectLimit(
      (i) =>
        i % 2 === 0
          ? call("POST", `/api/messages/user/${friend.id}`, {
              token: sender.token,
              json: { content: `hola ${i}` },
            })
          : call("POST", `/api/messages/club/${clubId}`, {
              token: sender.token,
              json: { content: `hola ${i}` },
            }),
      PER_ACCOUNT,
      m.rateLimits.messages,
    );
    // Another account is not affected.
    const other = await call("POST", `/api/messages/user/${sender.id}`, {
      token: friend.token,
      json: { content: "hola" },
    });
    expect(other.status).toBe(201);
  });

  test("comments", async () => {
    const [owner, reader] = [await user("owner"), await user()];
    const clubId = await club(owner);
    const post = await call("POST", "/api/posts", {
      token: owner.token,
      multipart: multipart({ club_id: String(clubId), content: "Bienvenidos" }),
    });
    expect(post.status).toBe(201);
    await expectLimit(
      (i) =>
        call("POST", `/api/posts/${post.body.id}/comments`, {
          token: reader.token,
          json: { content: `¡Qué bien ${i}!` },
        }),
      PER_ACCOUNT,
      m.rateLimits.comments,
    );
  });

  test("posts", async () => {
    const owner = await user("owner");
    const clubId = await club(owner);
    await expectLimit(
      (i) =>
        call("POST", "/api/posts", {
          token: owner.token,
          multipart: multipart({ club_id: String(clubId), content: `Noticia ${i}` }),
        }),
      PER_ACCOUNT,
      m.rateLimits.posts,
    );
  });

  test("uploads (any request carrying an image)", async () => {
    const member = await user();
    const image = await png();
    await expectLimit(
      () =>
        call("PUT", "/api/users/me/profile", {
          token: member.token,
          multipart: multipart({
            first_name: "Ana",
            last_name: "Ruiz",
            email: `${member.username}@example.com`,
            picture: image,
          }),
        }),
      PER_ACCOUNT,
      m.rateLimits.uploads,
    );
  });

  test("connection requests", async () => {
    const [owner, member] = [await user("owner"), await user()];
    const clubs: number[] = [];
    for (let i = 0; i <= PER_ACCOUNT; i++) clubs.push(await club(owner));
    await expectLimit(
      (i) => call("POST", `/api/connection-requests?club_id=${clubs[i]}`, { token: member.token }),
      PER_ACCOUNT,
      m.rateLimits.connectionRequests,
    );
  });

  test("signups per address, and owner requests per address", async () => {
    const from = "203.0.113.50";
    await expectLimit(
      (i) =>
        call("POST", "/signup", {
          json: {
            username: `class_${i}_${Math.random().toString(36).slice(2, 6)}`,
            password: "a-long-password",
          },
          from,
        }),
      3,
      m.rateLimits.signups,
    );
    // Another address (another school) signs up as usual.
    const elsewhere = await call("POST", "/signup", {
      json: { username: `other_${Math.random().toString(36).slice(2, 6)}`, password: "a-long-password" },
      from: "203.0.113.51",
    });
    expect(elsewhere.status).toBe(201);
    await expectLimit(
      (i) =>
        call("POST", "/signup", {
          json: {
            username: `boss_${i}_${Math.random().toString(36).slice(2, 6)}`,
            password: "a-long-password",
            role: "owner",
          },
          from: "203.0.113.52",
        }),
      2,
      m.rateLimits.ownerRequests,
    );
  });

  test("e-mails to one address, whichever account asks", async () => {
    const target = `victim-${Math.random().toString(36).slice(2, 7)}@example.org`;
    const accounts = [await user(), await user(), await user()];
    for (const account of accounts) await sql`update users set email = ${target} where id = ${account.id}`;
    await expectLimit(
      (i) => call("POST", "/auth/verify-email/start", { token: accounts[i]!.token }),
      2,
      m.rateLimits.mails,
    );
    await mail.waitFor(() => mail.messages.filter((x) => x.to.includes(target)).length >= 2);
    await Bun.sleep(300);
    expect(mail.messages.filter((x) => x.to.includes(target)).length).toBe(2);
  });

  test("failed log-ins per account and address", async () => {
    const member = await user();
    const from = "198.51.100.77";
    await expectLimit(
      (i) =>
        call("POST", "/login", { form: { username: member.username, password: `wrong-${i}-pass` }, from }),
      4,
      m.auth.tooManyLogins,
      401,
    );
    // The owner's right password from their own address still signs in.
    const own = await call("POST", "/login", {
      form: { username: member.username, password: member.password },
      from: "198.51.100.78",
    });
    expect(own.status).toBe(200);
  });
});
