import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import sharp from "sharp";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { callFrom, type SocketCallOptions, type SocketResponse } from "../../../test/socket-client";
import { RATE_LIMIT_DEFAULTS } from "../../config";
import { createQuickUser, type QuickUser } from "../clubs/user.fixtures";

/**
 * Every per-address limit, over real sockets from distinct loopback addresses: one address
 * that spends its budget must not stop anybody at another. Through `app.handle()` every
 * request is the same client, which hid that every request with a body counted as 127.0.0.1
 * (the body guard's buffered copy of the request had no socket).
 */
const PROXY = "127.0.0.4";
const SMALL = "3/15m";
const GENEROUS = "1000/1h";

let t: TestApp;
let base: string;

function call(method: string, path: string, options: SocketCallOptions): Promise<SocketResponse> {
  return callFrom(base, method, path, options);
}

beforeAll(async () => {
  t = await setupTestApp({
    TRUSTED_PROXIES: `${PROXY}/32`,
    RATE_SIGNUPS_PER_ADDRESS: SMALL,
    RATE_OWNER_REQUESTS_PER_ADDRESS: "2/1d",
    RATE_MESSAGES_PER_ACCOUNT: GENEROUS,
    RATE_MESSAGES_PER_ADDRESS: SMALL,
    RATE_COMMENTS_PER_ACCOUNT: GENEROUS,
    RATE_COMMENTS_PER_ADDRESS: SMALL,
    RATE_POSTS_PER_ACCOUNT: GENEROUS,
    RATE_POSTS_PER_ADDRESS: SMALL,
    RATE_UPLOADS_PER_ACCOUNT: GENEROUS,
    RATE_UPLOADS_PER_ADDRESS: SMALL,
    RATE_CONNECTION_REQUESTS_PER_ACCOUNT: GENEROUS,
    RATE_CONNECTION_REQUESTS_PER_ADDRESS: SMALL,
    RATE_REPORTS_PER_ACCOUNT: GENEROUS,
    RATE_REPORTS_PER_ADDRESS: SMALL,
    RATE_BLOCKS_PER_ACCOUNT: GENEROUS,
    RATE_BLOCKS_PER_ADDRESS: SMALL,
    RATE_RESET_GUESSES_PER_ADDRESS: SMALL,
    RATE_CLUB_CREATES_PER_ACCOUNT: GENEROUS,
    RATE_CLUB_CREATES_PER_ADDRESS: SMALL,
    RATE_CLUB_EDITS_PER_ACCOUNT: GENEROUS,
    RATE_CLUB_EDITS_PER_ADDRESS: SMALL,
    RATE_REACTIONS_PER_ACCOUNT: GENEROUS,
    RATE_REACTIONS_PER_ADDRESS: SMALL,
    RATE_CALENDAR_FEEDS_PER_ACCOUNT: GENEROUS,
    RATE_CALENDAR_FEEDS_PER_ADDRESS: SMALL,
    RATE_CHECK_INS_PER_ACCOUNT: GENEROUS,
    RATE_CHECK_INS_PER_ADDRESS: SMALL,
    RATE_LANGUAGE_CHANGES_PER_ACCOUNT: GENEROUS,
    RATE_LANGUAGE_CHANGES_PER_ADDRESS: SMALL,
    RATE_LANGUAGE_SWITCHES_PER_ADDRESS: SMALL,
    RATE_PUSH_SUBSCRIPTIONS_PER_ACCOUNT: GENEROUS,
    RATE_PUSH_SUBSCRIPTIONS_PER_ADDRESS: SMALL,
    RATE_DIGEST_UNSUBSCRIBES_PER_ADDRESS: SMALL,
  });
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  base = `http://127.0.0.1:${t.app.server?.port}`;
});

afterAll(async () => {
  await t.app.stop(true);
  await t.close();
});

/** The stored counters whose key ends with this address. */
async function countersAt(address: string) {
  const rows = await t.sql<{ key: string; count: number }[]>`
    select key, count from rate_limits where key like ${`%:a:${address}`} order by key`;
  return rows.map(({ key, count }) => ({ key, count }));
}

function expectRefused(res: SocketResponse) {
  expect(res.status).toBe(429);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  expect(typeof res.body.detail).toBe("string");
}

/**
 * `attempt(from, i)` `max` times from one address (each passes), once more there (429), then
 * from another address, which passes with `okStatus`: the two addresses are counted apart.
 */
async function expectCountedPerAddress({
  subnet,
  max,
  okStatus,
  attempt,
}: {
  subnet: number;
  max: number;
  okStatus: number;
  attempt: (from: string, i: number) => Promise<SocketResponse>;
}) {
  const busy = `127.0.${subnet}.2`;
  const other = `127.0.${subnet}.3`;
  for (let i = 0; i < max; i++) expect((await attempt(busy, i)).status).toBe(okStatus);
  expectRefused(await attempt(busy, max));
  expect((await attempt(other, max + 1)).status).toBe(okStatus);
}

async function pngFile(): Promise<File> {
  const data = await sharp({ create: { width: 24, height: 24, channels: 3, background: "#0067C6" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(data)], "picture.png", { type: "image/png" });
}

async function clubOf(owner: QuickUser): Promise<number> {
  const [row] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id)
    values (${`Club ${Math.random().toString(36).slice(2, 8)}`}, 'Un club', ${owner.id}) returning id`;
  return row!.id;
}

async function join(clubId: number, user: QuickUser) {
  await t.sql`insert into club_members (club_id, user_id) values (${clubId}, ${user.id})`;
}

const covered = new Set<string>();

describe("the client address with a body", () => {
  test("a request with a body counts under its socket's address, as one without does", async () => {
    covered.add("RATE_CONNECTION_REQUESTS_PER_ADDRESS");
    const owner = await createQuickUser(t, { role: "owner" });
    const member = await createQuickUser(t);
    const [first, second] = [await clubOf(owner), await clubOf(owner)];
    const from = "127.0.1.2";
    const bare = await call("POST", `/api/connection-requests?club_id=${first}`, {
      from,
      token: member.token,
    });
    const withBody = await call("POST", `/api/connection-requests?club_id=${second}`, {
      from,
      token: member.token,
      json: {},
    });
    expect([bare.status, withBody.status]).toEqual([201, 201]);
    expect(await countersAt(from)).toEqual([{ key: `connectionRequests:a:${from}`, count: 2 }]);
    expect(await countersAt("127.0.0.1")).toEqual([]);
  });

  test("behind a trusted proxy, the forwarded address counts, with a body too; an untrusted peer's header is ignored", async () => {
    const username = `proxied_${Math.random().toString(36).slice(2, 8)}`;
    const wrong = { username, password: "not-the-password" };
    await call("POST", "/login", { from: PROXY, form: wrong, headers: { "x-forwarded-for": "203.0.113.7" } });
    await call("POST", "/login", {
      from: "127.0.1.9",
      form: wrong,
      headers: { "x-forwarded-for": "203.0.113.8" },
    });
    const keys = (
      await t.sql<{ key: string }[]>`
      select key from rate_limits where key like ${`login:${username}:a:%`} order by key`
    ).map((r) => r.key);
    expect(keys).toEqual([`login:${username}:a:127.0.1.9`, `login:${username}:a:203.0.113.7`]);
  });
});

describe("each per-address limit counts each address apart", () => {
  test("a stranger's 12 wrong passwords from one address never stop the student at another", async () => {
    covered.add("RATE_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS");
    const password = "correct-horse-battery";
    const username = `student_${Math.random().toString(36).slice(2, 8)}`;
    const signup = await call("POST", "/signup", { from: "127.0.2.9", json: { username, password } });
    expect(signup.status).toBe(201);
    const stranger = "127.0.2.2";
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await call("POST", "/login", {
        from: stranger,
        form: { username, password: `wrong-${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expectRefused(await call("POST", "/login", { from: stranger, form: { username, password } }));
    const student = await call("POST", "/login", { from: "127.0.2.3", form: { username, password } });
    expect(student.status).toBe(200);
    expect(typeof student.body.access_token).toBe("string");
  });

  test("sign-ups", async () => {
    covered.add("RATE_SIGNUPS_PER_ADDRESS");
    await expectCountedPerAddress({
      subnet: 3,
      max: 3,
      okStatus: 201,
      attempt: (from) =>
        call("POST", "/signup", {
          from,
          json: {
            username: `new_${Math.random().toString(36).slice(2, 9)}`,
            password: "correct-horse-battery",
          },
        }),
    });
  });

  test("sign-ups asking for the owner role", async () => {
    covered.add("RATE_OWNER_REQUESTS_PER_ADDRESS");
    await expectCountedPerAddress({
      subnet: 4,
      max: 2,
      okStatus: 201,
      attempt: (from) =>
        call("POST", "/signup", {
          from,
          json: {
            username: `owner_${Math.random().toString(36).slice(2, 9)}`,
            password: "correct-horse-battery",
            role: "owner",
          },
        }),
    });
  });

  test("one address's chat burst, by several accounts, does not limit a member elsewhere", async () => {
    covered.add("RATE_MESSAGES_PER_ADDRESS");
    const recipient = await createQuickUser(t);
    const senders = [await createQuickUser(t), await createQuickUser(t)];
    const elsewhere = await createQuickUser(t);
    await expectCountedPerAddress({
      subnet: 5,
      max: 3,
      okStatus: 201,
      attempt: (from, i) =>
        call("POST", `/api/messages/user/${recipient.id}`, {
          from,
          token: (i > 3 ? elsewhere : senders[i % 2]!).token,
          json: { content: `Hola ${i}` },
        }),
    });
  });

  test("comments", async () => {
    covered.add("RATE_COMMENTS_PER_ADDRESS");
    const owner = await createQuickUser(t, { role: "owner" });
    const clubId = await clubOf(owner);
    const [row] = await t.sql<{ id: number }[]>`
      insert into posts (club_id, author_id, title, content) values (${clubId}, ${owner.id}, 'Aviso', 'Hola')
      returning id`;
    const people = [await createQuickUser(t), await createQuickUser(t)];
    for (const person of people) await join(clubId, person);
    await expectCountedPerAddress({
      subnet: 6,
      max: 3,
      okStatus: 201,
      attempt: (from, i) =>
        call("POST", `/api/posts/${row!.id}/comments`, {
          from,
          token: people[i % 2]!.token,
          json: { content: `Comentario ${i}` },
        }),
    });
  });

  test("posts", async () => {
    covered.add("RATE_POSTS_PER_ADDRESS");
    const owners = [await createQuickUser(t, { role: "owner" }), await createQuickUser(t, { role: "owner" })];
    const clubs = [await clubOf(owners[0]!), await clubOf(owners[1]!)];
    await expectCountedPerAddress({
      subnet: 7,
      max: 3,
      okStatus: 201,
      attempt: (from, i) => {
        const form = new FormData();
        form.set("club_id", String(clubs[i % 2]));
        form.set("title", `Aviso ${i}`);
        form.set("content", "Reunión el viernes");
        return call("POST", "/api/posts", { from, token: owners[i % 2]!.token, multipart: form });
      },
    });
  });

  test("uploads", async () => {
    covered.add("RATE_UPLOADS_PER_ADDRESS");
    const people = [await createQuickUser(t), await createQuickUser(t)];
    const picture = await pngFile();
    await expectCountedPerAddress({
      subnet: 8,
      max: 3,
      okStatus: 200,
      attempt: (from, i) => {
        const form = new FormData();
        form.set("first_name", "Ana");
        form.set("last_name", "López");
        form.set("email", `upload${i}_${Math.random().toString(36).slice(2, 8)}@example.com`);
        form.set("picture", picture);
        return call("PUT", "/api/users/me/profile", { from, token: people[i % 2]!.token, multipart: form });
      },
    });
  });

  test("connection requests", async () => {
    const owner = await createQuickUser(t, { role: "owner" });
    const clubs = [await clubOf(owner), await clubOf(owner), await clubOf(owner), await clubOf(owner)];
    const member = await createQuickUser(t);
    const other = await createQuickUser(t);
    await expectCountedPerAddress({
      subnet: 9,
      max: 3,
      okStatus: 201,
      attempt: (from, i) =>
        call("POST", `/api/connection-requests?club_id=${clubs[i % 4]}`, {
          from,
          token: (i > 3 ? other : member).token,
          json: {},
        }),
    });
  });

  test("reports", async () => {
    covered.add("RATE_REPORTS_PER_ADDRESS");
    const reporter = await createQuickUser(t);
    const targets: QuickUser[] = [];
    for (let i = 0; i < 5; i++) targets.push(await createQuickUser(t));
    await expectCountedPerAddress({
      subnet: 10,
      max: 3,
      okStatus: 201,
      attempt: (from, i) =>
        call("POST", "/api/reports", {
          from,
          token: reporter.token,
          json: { target_type: "user", target_id: targets[i]!.id, reason: "spam" },
        }),
    });
  });

  test("blocks", async () => {
    covered.add("RATE_BLOCKS_PER_ADDRESS");
    const blocker = await createQuickUser(t);
    const targets: QuickUser[] = [];
    for (let i = 0; i < 5; i++) targets.push(await createQuickUser(t));
    await expectCountedPerAddress({
      subnet: 11,
      max: 3,
      okStatus: 204,
      attempt: (from, i) => call("PUT", `/api/blocks/${targets[i]!.id}`, { from, token: blocker.token }),
    });
  });

  test("password-reset guesses with only a code", async () => {
    covered.add("RATE_RESET_GUESSES_PER_ADDRESS");
    await expectCountedPerAddress({
      subnet: 12,
      max: 3,
      okStatus: 400,
      attempt: (from, i) =>
        call("POST", "/auth/password-reset/confirm", {
          from,
          json: { code: String(100000 + i), new_password: "another-long-password" },
        }),
    });
  });

  test("club creates", async () => {
    covered.add("RATE_CLUB_CREATES_PER_ADDRESS");
    const owners = [await createQuickUser(t, { role: "owner" }), await createQuickUser(t, { role: "owner" })];
    await expectCountedPerAddress({
      subnet: 13,
      max: 3,
      okStatus: 201,
      attempt: (from, i) => {
        const form = new FormData();
        form.set("name", `Club ${i} ${Math.random().toString(36).slice(2, 8)}`);
        form.set("description", "Un club");
        return call("POST", "/api/clubs", { from, token: owners[i % 2]!.token, multipart: form });
      },
    });
  });

  test("club edits", async () => {
    covered.add("RATE_CLUB_EDITS_PER_ADDRESS");
    const owners = [await createQuickUser(t, { role: "owner" }), await createQuickUser(t, { role: "owner" })];
    const clubs = [await clubOf(owners[0]!), await clubOf(owners[1]!)];
    await expectCountedPerAddress({
      subnet: 14,
      max: 3,
      okStatus: 200,
      attempt: (from, i) => {
        const form = new FormData();
        form.set("description", `Descripción ${i}`);
        return call("PUT", `/api/clubs/${clubs[i % 2]}`, {
          from,
          token: owners[i % 2]!.token,
          multipart: form,
        });
      },
    });
  });

  test("like and favorite toggles", async () => {
    covered.add("RATE_REACTIONS_PER_ADDRESS");
    const owner = await createQuickUser(t, { role: "owner" });
    const clubId = await clubOf(owner);
    const [row] = await t.sql<{ id: number }[]>`
      insert into posts (club_id, author_id, title, content) values (${clubId}, ${owner.id}, 'Aviso', 'Hola')
      returning id`;
    const people = [await createQuickUser(t), await createQuickUser(t)];
    await expectCountedPerAddress({
      subnet: 15,
      max: 3,
      okStatus: 200,
      attempt: (from, i) =>
        call("POST", `/api/posts/${row!.id}/${i % 2 ? "favorite" : "like"}`, {
          from,
          token: people[i % 2]!.token,
        }),
    });
  });

  test("push subscribe and unsubscribe calls", async () => {
    covered.add("RATE_PUSH_SUBSCRIPTIONS_PER_ADDRESS");
    const people = [await createQuickUser(t), await createQuickUser(t)];
    await expectCountedPerAddress({
      subnet: 21,
      max: 3,
      okStatus: 200,
      attempt: (from, i) =>
        call("DELETE", "/api/push/subscriptions", {
          from,
          token: people[i % 2]!.token,
          json: { endpoint: `https://push.example/${i}` },
        }),
    });
  });

  test("new calendar-feed addresses", async () => {
    covered.add("RATE_CALENDAR_FEEDS_PER_ADDRESS");
    const people = [await createQuickUser(t), await createQuickUser(t)];
    await expectCountedPerAddress({
      subnet: 16,
      max: 3,
      okStatus: 200,
      attempt: (from, i) =>
        call("POST", "/api/users/me/calendar-feed", { from, token: people[i % 2]!.token }),
    });
  });

  test("saved language changes", async () => {
    covered.add("RATE_LANGUAGE_CHANGES_PER_ADDRESS");
    const people = [await createQuickUser(t), await createQuickUser(t)];
    await expectCountedPerAddress({
      subnet: 17,
      max: 3,
      okStatus: 200,
      attempt: (from, i) =>
        call("PUT", "/api/users/me/locale", {
          from,
          token: people[i % 2]!.token,
          json: { locale: i % 2 ? "es" : "en" },
        }),
    });
  });

  test("the language link, signed out", async () => {
    covered.add("RATE_LANGUAGE_SWITCHES_PER_ADDRESS");
    await expectCountedPerAddress({
      subnet: 18,
      max: 3,
      okStatus: 303,
      attempt: (from, i) => call("GET", `/lang/${i % 2 ? "es" : "en"}?next=/clubs`, { from }),
    });
  });

  test("check-in attempts", async () => {
    covered.add("RATE_CHECK_INS_PER_ADDRESS");
    const owner = await createQuickUser(t, { role: "owner" });
    const people = [await createQuickUser(t), await createQuickUser(t)];
    const clubId = await clubOf(owner);
    for (const person of people)
      await t.sql`insert into club_members (club_id, user_id) values (${clubId}, ${person.id})`;
    const [event] = await t.sql<{ id: number }[]>`
      insert into posts (club_id, title, is_event, event_date) values (${clubId}, 'Feria', true, now()) returning id`;
    // No code was ever shown for this event, so every attempt is a wrong code (422) until the limit.
    await expectCountedPerAddress({
      subnet: 19,
      max: 3,
      okStatus: 422,
      attempt: (from, i) =>
        call("POST", `/api/posts/${event!.id}/check-ins`, {
          from,
          token: people[i % 2]!.token,
          json: { code: "000000" },
        }),
    });
  });

  test("the digest's unsubscribe link, signed out (GET and POST count together)", async () => {
    covered.add("RATE_DIGEST_UNSUBSCRIBES_PER_ADDRESS");
    const person = await createQuickUser(t);
    const token = "D".repeat(43);
    await t.sql`insert into digest_tokens (user_id, token) values (${person.id}, ${token})`;
    await expectCountedPerAddress({
      subnet: 20,
      max: 3,
      okStatus: 200,
      attempt: (from, i) =>
        call(i % 2 ? "POST" : "GET", `/api/digest/unsubscribe?token=${token}`, {
          from,
          form: i % 2 ? { "List-Unsubscribe": "One-Click" } : undefined,
        }),
    });
  });

  test("nothing was counted as the loopback address the server falls back to without a socket", async () => {
    expect(await countersAt("127.0.0.1")).toEqual([]);
  });

  test("every per-address limit has a socket-level case here", () => {
    const perAddress = Object.keys(RATE_LIMIT_DEFAULTS).filter(
      (name) => name.includes("_PER_") && name.includes("ADDRESS"),
    );
    expect(perAddress.length).toBeGreaterThan(5);
    expect(perAddress.filter((name) => !covered.has(name))).toEqual([]);
  });
});
