import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { messages } from "../../../common/messages";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createClub, postForm } from "../../features/posts/post.fixtures";

setDefaultTimeout(30_000);

const en = messages("en");
const es = messages("es");

let t: TestApp;
let owner: Awaited<ReturnType<TestApp["createUser"]>>;
let clubId: number;

beforeAll(async () => {
  // The audience's default: a request that names no language is answered in Spanish.
  t = await setupTestApp({ DEFAULT_LOCALE: "es" });
  owner = await t.createUser({ role: "owner" });
  clubId = await createClub(t, owner.id, "Robótica");
}, 60_000);
afterAll(() => t.close());

function emptyPost(headers: Record<string, string>, token: string | null = owner.token) {
  return t.request("POST", "/api/posts", {
    token,
    headers,
    multipart: postForm({ club_id: String(clubId) }),
  });
}

describe("the language of API errors", () => {
  test("a post with no content: Spanish with Accept-Language es, the spec's English with en", async () => {
    const spanish = await emptyPost({ "accept-language": "es-NI,es;q=0.9" });
    expect(spanish.status).toBe(422);
    expect(spanish.body.detail).toBe(es.posts.needsContent);
    expect(spanish.body.detail).toBe("Agregá texto, una URL de Instagram o subí una imagen.");
    const english = await emptyPost({ "accept-language": "en-US,en;q=0.9" });
    expect(english.status).toBe(422);
    expect(english.body.detail).toBe("Please add text, an Instagram URL, or upload an image.");
  });

  test("no Accept-Language (or one naming neither language) gets DEFAULT_LOCALE", async () => {
    expect((await emptyPost({})).body.detail).toBe(es.posts.needsContent);
    expect((await emptyPost({ "accept-language": "fr-FR,de;q=0.5" })).body.detail).toBe(
      es.posts.needsContent,
    );
    expect((await emptyPost({ "accept-language": "fr,en;q=0.4" })).body.detail).toBe(en.posts.needsContent);
  });

  test("the lang cookie beats Accept-Language", async () => {
    const res = await emptyPost({ "accept-language": "es", cookie: "theme=x; lang=en" });
    expect(res.body.detail).toBe(en.posts.needsContent);
  });

  test("validation messages of request schemas follow the request, not module load time", async () => {
    const body = { username: "ab", password: "correct-horse-battery", role: "member" };
    const spanish = await t.request("POST", "/signup", { json: body, headers: { "accept-language": "es" } });
    expect(spanish.status).toBe(422);
    expect(JSON.stringify(spanish.body.detail)).toContain(es.auth.usernameTooShort);
    const english = await t.request("POST", "/signup", { json: body, headers: { "accept-language": "en" } });
    expect(JSON.stringify(english.body.detail)).toContain(en.auth.usernameTooShort);
  });

  test("a 401 and a 404 speak the request's language", async () => {
    const unauthorized = await t.request("GET", "/api/users/me", { headers: { "accept-language": "es" } });
    expect(unauthorized.body.detail).toBe(es.auth.notAuthenticated);
    const missing = await t.request("GET", "/api/nothing-here", { headers: { "accept-language": "en" } });
    expect(missing.body.detail).toBe(en.common.notFound);
  });
});

describe("the saved language", () => {
  test("PUT /api/users/me/locale saves it, sets the cookie and signed-in requests follow it", async () => {
    const user = await t.createUser({ role: "owner" });
    const bad = await t.request("PUT", "/api/users/me/locale", { token: user.token, json: { locale: "fr" } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.detail)).toContain(es.language.invalid);
    expect((await t.request("PUT", "/api/users/me/locale", { json: { locale: "en" } })).status).toBe(401);

    const saved = await t.request("PUT", "/api/users/me/locale", {
      token: user.token,
      json: { locale: "en" },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ locale: "en" });
    expect(saved.headers.get("set-cookie")).toContain("lang=en");
    expect((await t.request("GET", "/api/users/me", { token: user.token })).body.locale).toBe("en");

    // Another device: its browser asks for Spanish, but the account says English.
    const club = await createClub(t, user.id, "Ajedrez");
    const post = (headers: Record<string, string>) =>
      t.request("POST", "/api/posts", {
        token: user.token,
        headers,
        multipart: postForm({ club_id: String(club) }),
      });
    expect((await post({ "accept-language": "es" })).body.detail).toBe(en.posts.needsContent);
    // An explicit choice on this device (the cookie) still wins.
    expect((await post({ "accept-language": "en", cookie: "lang=es" })).body.detail).toBe(
      es.posts.needsContent,
    );
  });

  test("GET /lang/{locale} sets the cookie and returns to a page on this site only", async () => {
    const res = await t.request("GET", "/lang/en?next=%2Fclubs%3Fq%3Dx");
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/clubs?q=x");
    expect(res.headers.get("set-cookie")).toMatch(/^lang=en; Path=\/; Max-Age=\d+; SameSite=Lax/);
    for (const next of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
      const away = await t.request("GET", `/lang/es?next=${encodeURIComponent(next)}`);
      expect(away.headers.get("location")).toBe("/");
    }
    expect((await t.request("GET", "/lang/fr")).status).toBe(422);
  });
});

describe("server-rendered pages", () => {
  test("<html lang>, title and description follow the chosen language", async () => {
    const spanish = await t.request("GET", "/clubs", { headers: { "accept-language": "es-NI" } });
    expect(spanish.status).toBe(200);
    expect(spanish.body).toContain('<html lang="es"');
    expect(spanish.body).toContain(`<title>${es.clubsPage.title}${es.meta.titleSuffix}</title>`);
    const description = /<meta name="description" content="([^"]*)"/.exec(spanish.body)?.[1] ?? "";
    expect(description).toContain("clubes estudiantiles");
    const english = await t.request("GET", "/clubs", { headers: { "accept-language": "en-US" } });
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain(`<title>${en.clubsPage.title}${en.meta.titleSuffix}</title>`);
    const chosen = await t.request("GET", "/clubs", {
      headers: { "accept-language": "es", cookie: "lang=en" },
    });
    expect(chosen.body).toContain('<html lang="en"');
  });
});
