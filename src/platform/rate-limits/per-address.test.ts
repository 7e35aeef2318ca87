import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import {
  expectRefused,
  type PerAddressApp,
  PROXY,
  pngFile,
  smallPerAddress,
  startPerAddressApp,
} from "./per-address.fixtures";

/**
 * Per-address limits on accounts and content (the chat's: per-address-chat.test.ts), over real
 * sockets from distinct loopback addresses: one address that spends its budget must not stop
 * anybody at another. Each case is marked `covered.add("RATE_…")` for per-address-coverage.test.ts.
 */
let app: PerAddressApp;
beforeAll(async () => {
  app = await startPerAddressApp({
    ...smallPerAddress([
      "SIGNUPS",
      "COMMENTS",
      "POSTS",
      "UPLOADS",
      "CONNECTION_REQUESTS",
      "REPORTS",
      "BLOCKS",
      "RESET_GUESSES",
    ]),
    RATE_OWNER_REQUESTS_PER_ADDRESS: "2/1d",
  });
});
afterAll(async () => {
  await app.close();
});

const covered = new Set<string>();

describe("the client address with a body", () => {
  test("a request with a body counts under its socket's address, as one without does", async () => {
    covered.add("RATE_CONNECTION_REQUESTS_PER_ADDRESS");
    const owner = await createQuickUser(app.t, { role: "owner" });
    const member = await createQuickUser(app.t);
    const [first, second] = [await app.clubOf(owner), await app.clubOf(owner)];
    const from = "127.0.1.2";
    const bare = await app.call("POST", `/api/connection-requests?club_id=${first}`, {
      from,
      token: member.token,
    });
    const withBody = await app.call("POST", `/api/connection-requests?club_id=${second}`, {
      from,
      token: member.token,
      json: {},
    });
    expect([bare.status, withBody.status]).toEqual([201, 201]);
    expect(await app.countersAt(from)).toEqual([{ key: `connectionRequests:a:${from}`, count: 2 }]);
    expect(await app.countersAt("127.0.0.1")).toEqual([]);
  });

  test("behind a trusted proxy, the forwarded address counts, with a body too; an untrusted peer's header is ignored", async () => {
    const username = `proxied_${Math.random().toString(36).slice(2, 8)}`;
    const wrong = { username, password: "not-the-password" };
    await app.call("POST", "/login", {
      from: PROXY,
      form: wrong,
      headers: { "x-forwarded-for": "203.0.113.7" },
    });
    await app.call("POST", "/login", {
      from: "127.0.1.9",
      form: wrong,
      headers: { "x-forwarded-for": "203.0.113.8" },
    });
    const keys = (
      await app.t.sql<{ key: string }[]>`
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
    const signup = await app.call("POST", "/signup", { from: "127.0.2.9", json: { username, password } });
    expect(signup.status).toBe(201);
    const stranger = "127.0.2.2";
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await app.call("POST", "/login", {
        from: stranger,
        form: { username, password: `wrong-${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expectRefused(await app.call("POST", "/login", { from: stranger, form: { username, password } }));
    const student = await app.call("POST", "/login", { from: "127.0.2.3", form: { username, password } });
    expect(student.status).toBe(200);
    expect(typeof student.body.access_token).toBe("string");
  });

  test("sign-ups", async () => {
    covered.add("RATE_SIGNUPS_PER_ADDRESS");
    await app.expectCountedPerAddress({
      subnet: 3,
      max: 3,
      okStatus: 201,
      attempt: (from) =>
        app.call("POST", "/signup", {
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
    await app.expectCountedPerAddress({
      subnet: 4,
      max: 2,
      okStatus: 201,
      attempt: (from) =>
        app.call("POST", "/signup", {
          from,
          json: {
            username: `owner_${Math.random().toString(36).slice(2, 9)}`,
            password: "correct-horse-battery",
            role: "owner",
          },
        }),
    });
  });

  test("comments", async () => {
    covered.add("RATE_COMMENTS_PER_ADDRESS");
    const owner = await createQuickUser(app.t, { role: "owner" });
    const clubId = await app.clubOf(owner);
    const [row] = await app.t.sql<{ id: number }[]>`
      insert into posts (club_id, author_id, title, content) values (${clubId}, ${owner.id}, 'Aviso', 'Hola')
      returning id`;
    const people = [await createQuickUser(app.t), await createQuickUser(app.t)];
    for (const person of people) await app.join(clubId, person);
    await app.expectCountedPerAddress({
      subnet: 6,
      max: 3,
      okStatus: 201,
      attempt: (from, i) =>
        app.call("POST", `/api/posts/${row!.id}/comments`, {
          from,
          token: people[i % 2]!.token,
          json: { content: `Comentario ${i}` },
        }),
    });
  });

  test("posts", async () => {
    covered.add("RATE_POSTS_PER_ADDRESS");
    const owners = [
      await createQuickUser(app.t, { role: "owner" }),
      await createQuickUser(app.t, { role: "owner" }),
    ];
    const clubs = [await app.clubOf(owners[0]!), await app.clubOf(owners[1]!)];
    await app.expectCountedPerAddress({
      subnet: 7,
      max: 3,
      okStatus: 201,
      attempt: (from, i) => {
        const form = new FormData();
        form.set("club_id", String(clubs[i % 2]));
        form.set("title", `Aviso ${i}`);
        form.set("content", "Reunión el viernes");
        return app.call("POST", "/api/posts", { from, token: owners[i % 2]!.token, multipart: form });
      },
    });
  });

  test("uploads", async () => {
    covered.add("RATE_UPLOADS_PER_ADDRESS");
    const people = [await createQuickUser(app.t), await createQuickUser(app.t)];
    const picture = await pngFile();
    await app.expectCountedPerAddress({
      subnet: 8,
      max: 3,
      okStatus: 200,
      attempt: (from, i) => {
        const form = new FormData();
        form.set("first_name", "Ana");
        form.set("last_name", "López");
        form.set("email", `upload${i}_${Math.random().toString(36).slice(2, 8)}@example.com`);
        form.set("picture", picture);
        return app.call("PUT", "/api/users/me/profile", {
          from,
          token: people[i % 2]!.token,
          multipart: form,
        });
      },
    });
  });

  test("connection requests", async () => {
    const owner = await createQuickUser(app.t, { role: "owner" });
    const clubs = [
      await app.clubOf(owner),
      await app.clubOf(owner),
      await app.clubOf(owner),
      await app.clubOf(owner),
    ];
    const member = await createQuickUser(app.t);
    const other = await createQuickUser(app.t);
    await app.expectCountedPerAddress({
      subnet: 9,
      max: 3,
      okStatus: 201,
      attempt: (from, i) =>
        app.call("POST", `/api/connection-requests?club_id=${clubs[i % 4]}`, {
          from,
          token: (i > 3 ? other : member).token,
          json: {},
        }),
    });
  });

  test("reports", async () => {
    covered.add("RATE_REPORTS_PER_ADDRESS");
    const reporter = await createQuickUser(app.t);
    const targets: QuickUser[] = [];
    for (let i = 0; i < 5; i++) targets.push(await createQuickUser(app.t));
    await app.expectCountedPerAddress({
      subnet: 10,
      max: 3,
      okStatus: 201,
      attempt: (from, i) =>
        app.call("POST", "/api/reports", {
          from,
          token: reporter.token,
          json: { target_type: "user", target_id: targets[i]!.id, reason: "spam" },
        }),
    });
  });

  test("blocks", async () => {
    covered.add("RATE_BLOCKS_PER_ADDRESS");
    const blocker = await createQuickUser(app.t);
    const targets: QuickUser[] = [];
    for (let i = 0; i < 5; i++) targets.push(await createQuickUser(app.t));
    await app.expectCountedPerAddress({
      subnet: 11,
      max: 3,
      okStatus: 204,
      attempt: (from, i) => app.call("PUT", `/api/blocks/${targets[i]!.id}`, { from, token: blocker.token }),
    });
  });

  test("password-reset guesses with only a code", async () => {
    covered.add("RATE_RESET_GUESSES_PER_ADDRESS");
    await app.expectCountedPerAddress({
      subnet: 12,
      max: 3,
      okStatus: 400,
      attempt: (from, i) =>
        app.call("POST", "/auth/password-reset/confirm", {
          from,
          json: { code: String(100000 + i), new_password: "another-long-password" },
        }),
    });
  });

  test("nothing was counted as the loopback address the server falls back to without a socket", async () => {
    expect(await app.countersAt("127.0.0.1")).toEqual([]);
  });
});
