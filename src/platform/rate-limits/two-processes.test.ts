import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import postgres from "postgres";
import { messages } from "../../../common/messages";
import {
  type AppProcess,
  createTestDatabase,
  killAll,
  startAppProcess,
  TEST_JWT_SECRET,
} from "../../../test/app-process";
import { type MailCapture, startMailCapture } from "../../../test/mail-capture";
import { multipart, png, replicaClient } from "./replica-client.fixtures";

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

const { call, user, club, expectLimit } = replicaClient(
  () => apps,
  async ({ id, username, role }) => {
    await sql`update users set role = ${role}, first_name = 'Ana', last_name = 'Ruiz',
      email = ${`${username}@example.com`} where id = ${id}`;
  },
);

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
    // Each code mail is in the capture before its request answers (the send is awaited, and the
    // capture holds the mail before it acknowledges it): a third would be here already.
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
