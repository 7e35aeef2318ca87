import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { request as httpRequest } from "node:http";
import { setupTestApp, type TestApp, type TestResponse } from "../../../test/harness";

/**
 * The limits on club creation and edits, like and favorite toggles, calendar-feed addresses and
 * language changes (issue 31): past each, 429 with Retry-After and a `detail` in the caller's
 * language, while another account (or, for the guests' language link, another address) goes on.
 * Tiny limits keep the loops short; the defaults are in src/config.ts.
 */
setDefaultTimeout(60_000);

let t: TestApp;
type User = Awaited<ReturnType<TestApp["createUser"]>>;
let owner: User;
let otherOwner: User;
let clubId: number;
let otherClubId: number;

beforeAll(async () => {
  t = await setupTestApp({
    RATE_CLUB_CREATES_PER_ACCOUNT: "2/1h",
    RATE_CLUB_EDITS_PER_ACCOUNT: "3/1h",
    RATE_REACTIONS_PER_ACCOUNT: "4/1h",
    RATE_CALENDAR_FEEDS_PER_ACCOUNT: "2/1h",
    RATE_LANGUAGE_CHANGES_PER_ACCOUNT: "3/1h",
    RATE_LANGUAGE_SWITCHES_PER_ADDRESS: "3/1h",
    // The socket test below sends X-Forwarded-For from 127.0.0.1 as a proxy would.
    TRUSTED_PROXIES: "127.0.0.1",
  });
  owner = await t.createUser({ role: "owner" });
  otherOwner = await t.createUser({ role: "owner" });
  [clubId, otherClubId] = (await Promise.all(
    [owner, otherOwner].map(async (who) => {
      const [row] = await t.sql<{ id: number }[]>`
        insert into clubs (name, description, owner_id) values ('Club', 'A club', ${who.id}) returning id`;
      return row!.id;
    }),
  )) as [number, number];
}, 60_000);
afterAll(() => t.close());

const es = { "accept-language": "es" };

/** A refused call: 429, a wait in Retry-After, and the catalogue's sentence. */
function expectLimited(res: TestResponse, detail: string) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ detail });
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
}

function clubForm(name: string) {
  const form = new FormData();
  form.set("name", name);
  form.set("description", "Un club");
  return form;
}

describe("club creation and edits", () => {
  test("past RATE_CLUB_CREATES_PER_ACCOUNT a new club is 429 (English and Spanish); another owner still creates", async () => {
    const creator = await t.createUser({ role: "owner" });
    for (const name of ["Ajedrez", "Robótica"]) {
      const res = await t.request("POST", "/api/clubs", { token: creator.token, multipart: clubForm(name) });
      expect(res.status).toBe(201);
    }
    const refused = await t.request("POST", "/api/clubs", {
      token: creator.token,
      multipart: clubForm("Tercero"),
    });
    expectLimited(refused, "You have created too many clubs for now. Try again later.");
    const spanish = await t.request("POST", "/api/clubs", {
      token: creator.token,
      multipart: clubForm("Tercero"),
      headers: es,
    });
    expectLimited(spanish, "Ya creaste demasiados clubes por ahora. Intentalo más tarde.");
    const [{ n }] = (await t.sql`select count(*)::int as n from clubs where owner_id = ${creator.id}`) as any;
    expect(n).toBe(2);

    const other = await t.request("POST", "/api/clubs", {
      token: otherOwner.token,
      multipart: clubForm("Teatro"),
    });
    expect(other.status).toBe(201);
  });

  test("past RATE_CLUB_EDITS_PER_ACCOUNT an edit is 429 and changes nothing; another owner still edits", async () => {
    for (const name of ["Uno", "Dos", "Tres"]) {
      const res = await t.request("PUT", `/api/clubs/${clubId}`, { token: owner.token, json: { name } });
      expect(res.status).toBe(200);
    }
    const refused = await t.request("PUT", `/api/clubs/${clubId}`, {
      token: owner.token,
      json: { name: "Cuatro" },
    });
    expectLimited(refused, "You have edited clubs too many times for now. Try again later.");
    const spanish = await t.request("PUT", `/api/clubs/${clubId}`, {
      token: owner.token,
      json: { name: "Cuatro" },
      headers: es,
    });
    expectLimited(spanish, "Ya editaste clubes demasiadas veces por ahora. Intentalo más tarde.");
    expect((await t.request("GET", `/api/clubs/${clubId}`)).body.name).toBe("Tres");

    const other = await t.request("PUT", `/api/clubs/${otherClubId}`, {
      token: otherOwner.token,
      json: { name: "Otro nombre" },
    });
    expect(other.status).toBe(200);
  });
});

describe("like and favorite toggles", () => {
  test("likes and favorites count together; past RATE_REACTIONS_PER_ACCOUNT both are 429 and change nothing", async () => {
    const [post] = await t.sql<{ id: number }[]>`
      insert into posts (club_id, title) values (${clubId}, 'Post') returning id`;
    const id = post!.id;
    const fan = await t.createUser();
    const other = await t.createUser();
    for (const kind of ["like", "favorite", "like", "favorite"]) {
      expect((await t.request("POST", `/api/posts/${id}/${kind}`, { token: fan.token })).status).toBe(200);
    }
    const like = await t.request("POST", `/api/posts/${id}/like`, { token: fan.token });
    expectLimited(like, "You are liking and saving posts too fast. Wait a moment and try again.");
    const favorite = await t.request("POST", `/api/posts/${id}/favorite`, { token: fan.token, headers: es });
    expectLimited(
      favorite,
      "Estás dando me gusta y guardando publicaciones demasiado rápido. Esperá un momento e intentalo de nuevo.",
    );
    const seen = await t.request("GET", `/api/posts/${id}`, { token: fan.token });
    expect(seen.body).toMatchObject({ like_count: 0, favorite_count: 0, liked_by_me: false });

    const otherLike = await t.request("POST", `/api/posts/${id}/like`, { token: other.token });
    expect(otherLike.body).toEqual({ like_count: 1, liked: true });
  });
});

describe("private calendar feed address", () => {
  test("past RATE_CALENDAR_FEEDS_PER_ACCOUNT a new address is 429 and the current one keeps working", async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    let url = "";
    for (let i = 0; i < 2; i += 1) {
      const res = await t.request("POST", "/api/users/me/calendar-feed", { token: user.token });
      expect(res.status).toBe(200);
      url = res.body.url;
    }
    const refused = await t.request("POST", "/api/users/me/calendar-feed", { token: user.token });
    expectLimited(refused, "You have made too many new calendar addresses for now. Try again later.");
    const spanish = await t.request("POST", "/api/users/me/calendar-feed", {
      token: user.token,
      headers: es,
    });
    expectLimited(
      spanish,
      "Ya creaste demasiadas direcciones de calendario nuevas por ahora. Intentalo más tarde.",
    );
    expect((await t.request("GET", "/api/users/me/calendar-feed", { token: user.token })).body.url).toBe(url);
    expect((await t.request("GET", new URL(url).pathname)).status).toBe(200);

    expect((await t.request("POST", "/api/users/me/calendar-feed", { token: other.token })).status).toBe(200);
  });
});

describe("language changes", () => {
  test("past RATE_LANGUAGE_CHANGES_PER_ACCOUNT saving the language is 429 and keeps the saved one", async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    for (const locale of ["es", "en", "es"]) {
      const res = await t.request("PUT", "/api/users/me/locale", { token: user.token, json: { locale } });
      expect(res.body).toEqual({ locale });
    }
    // A lang cookie picks the answer's language over the account's saved one.
    const refused = await t.request("PUT", "/api/users/me/locale", {
      token: user.token,
      json: { locale: "en" },
      headers: { cookie: "lang=en" },
    });
    expectLimited(refused, "You have changed the language too many times for now. Try again later.");
    expect(refused.headers.get("set-cookie")).toBeNull();
    const spanish = await t.request("PUT", "/api/users/me/locale", {
      token: user.token,
      json: { locale: "en" },
      headers: { cookie: "lang=es" },
    });
    expectLimited(spanish, "Ya cambiaste el idioma demasiadas veces por ahora. Intentalo más tarde.");
    const [{ locale }] = (await t.sql`select locale from users where id = ${user.id}`) as any;
    expect(locale).toBe("es");

    const res = await t.request("PUT", "/api/users/me/locale", {
      token: other.token,
      json: { locale: "en" },
    });
    expect(res.status).toBe(200);
  });

  test("the language link (guests too) is limited per client address, over real sockets and through a trusted proxy", async () => {
    t.app.listen({ port: 0, hostname: "127.0.0.1" });
    const port = t.app.server!.port;
    try {
      const get = (localAddress: string, headers: Record<string, string> = {}) =>
        new Promise<TestResponse>((resolve, reject) => {
          const req = httpRequest(
            { host: "127.0.0.1", port, path: "/lang/es?next=/clubs", localAddress, headers },
            (res) => {
              let text = "";
              res.setEncoding("utf8");
              res.on("data", (chunk) => {
                text += chunk;
              });
              res.on("end", () => {
                const json = (res.headers["content-type"] ?? "").includes("json");
                resolve({
                  status: res.statusCode ?? 0,
                  body: json ? JSON.parse(text) : text,
                  headers: new Headers(res.headers as Record<string, string>),
                });
              });
            },
          );
          req.on("error", reject);
          req.end();
        });
      for (let i = 0; i < 3; i += 1) {
        const res = await get("127.0.0.2");
        expect(res.status).toBe(303);
        expect(res.headers.get("location")).toBe("/clubs");
      }
      expectLimited(
        await get("127.0.0.2", { "accept-language": "en" }),
        "The language was changed too many times from this network. Try again in a few minutes.",
      );
      const spanish = await get("127.0.0.2", es);
      expectLimited(
        spanish,
        "Se cambió el idioma demasiadas veces desde esta red. Intentalo de nuevo en unos minutos.",
      );
      expect(spanish.headers.get("set-cookie")).toBeNull();
      // Another address, and a client behind the trusted proxy, are counted apart.
      expect((await get("127.0.0.3")).status).toBe(303);
      for (let i = 0; i < 3; i += 1) {
        expect((await get("127.0.0.1", { "x-forwarded-for": "203.0.113.7" })).status).toBe(303);
      }
      expect((await get("127.0.0.1", { "x-forwarded-for": "203.0.113.7" })).status).toBe(429);
      expect((await get("127.0.0.1", { "x-forwarded-for": "203.0.113.8" })).status).toBe(303);
    } finally {
      await t.app.stop(true);
    }
  });
});
