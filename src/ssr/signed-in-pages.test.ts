import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../test/harness";

// Real sign-ups and log-ins hash passwords (argon2id); leave room for a busy machine.
setDefaultTimeout(60_000);

/**
 * Pages rendered for the page cookie's person (issue 50): the header signed in, /home's first
 * feed page and /clubs with "Para ti" in the HTML, with the answers for the browser's cache, and
 * never for a token the API would refuse (logged out, a new password, banned).
 */
let t: TestApp;
let clubId: number;
beforeAll(async () => {
  t = await setupTestApp();
  const owner = await t.createUser({ role: "owner" });
  const [club] = await t.sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id, tags, region)
    values ('Club de Robótica Chinandega', 'Robots', ${owner.id}, 'robótica', 'León') returning id`;
  clubId = club!.id;
  const form = new FormData();
  form.set("club_id", String(clubId));
  form.set("title", "Feria de robots este sábado");
  const post = await t.request("POST", "/api/posts", { token: owner.token, multipart: form });
  expect(post.status).toBe(201);
  // A second club the member has not joined, under a tag they like: "Para ti" suggests it.
  await t.sql`insert into clubs (name, description, owner_id, tags, region)
    values ('Club de Ajedrez León', 'Ajedrez', ${owner.id}, 'ajedrez', 'León')`;
}, 120_000);
afterAll(() => t.close());

/** A member of the robotics club, logged in through /login: the answer's page cookie header. */
async function signedInMember() {
  const user = await t.createUser();
  await t.sql`insert into club_members (club_id, user_id) values (${clubId}, ${user.id})`;
  await t.request("PUT", "/api/users/me/interests", { token: user.token, json: { tags: ["ajedrez"] } });
  const login = await t.request("POST", "/login", {
    form: { username: user.username, password: user.password },
  });
  const line = login.headers.getSetCookie().find((l) => l.startsWith("session="))!;
  const token = login.body.access_token as string;
  return { ...user, token, cookie: line.split(";")[0]! };
}

const page = async (path: string, cookie?: string) => {
  const res = await t.request("GET", path, { headers: cookie ? { cookie } : {} });
  return { status: res.status, html: String(res.body), headers: res.headers };
};

/** The top bar's guest links (Log in / Sign up) are in the HTML. */
const hasGuestLinks = (html: string) => html.includes('<a class="topbar__link" href="/login">');
const greets = (html: string, username: string) =>
  html.includes('data-testid="greeting"') && html.includes(username);
const clearsCookie = (headers: Headers) =>
  headers.getSetCookie().some((line) => line.startsWith("session=; ") && line.includes("Max-Age=0"));

describe("a page rendered from the page cookie", () => {
  test("/home has the signed-in header and the first feed card, private and uncached", async () => {
    const user = await signedInMember();
    const { status, html, headers } = await page("/home", user.cookie);
    expect(status).toBe(200);
    expect(greets(html, user.username)).toBe(true);
    expect(hasGuestLinks(html)).toBe(false);
    expect(html).toContain('data-testid="feed"');
    expect(html).toContain("Feria de robots este sábado");
    // The token itself is never written into the page (the cookie is HttpOnly for a reason).
    expect(html).not.toContain(user.token);
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(headers.get("vary")).toContain("Cookie");
  });

  test("/clubs has the signed-in header and 'Para ti' above the list, in the person's region", async () => {
    const user = await signedInMember();
    await t.request("PUT", "/api/users/me/interests", {
      token: user.token,
      json: { tags: ["ajedrez"], region: "León" },
    });
    const { status, html, headers } = await page("/clubs", user.cookie);
    expect(status).toBe(200);
    expect(greets(html, user.username)).toBe(true);
    expect(hasGuestLinks(html)).toBe(false);
    const suggested = html.indexOf('data-testid="suggested-clubs"');
    expect(suggested).toBeGreaterThan(-1);
    expect(html.indexOf("Club de Ajedrez León")).toBeGreaterThan(suggested);
    expect(html.indexOf('class="card-grid"', suggested + 1)).toBeGreaterThan(suggested);
    expect(html).toContain("Club de Robótica Chinandega");
    expect(headers.get("cache-control")).toBe("private, no-store");
  });

  test("a club page holds the member's own tools, which a guest's page neither draws nor loads", async () => {
    const user = await signedInMember();
    const member = await page(`/clubs/${clubId}?tab=members`, user.cookie);
    expect(member.status).toBe(200);
    // Their code loads lazily (client/lib/lazy-parts.tsx): the loader has it before the render,
    // so the HTML has them, not an empty Suspense fallback.
    expect(member.html).toContain('class="club-header__report"');
    expect(member.html).toContain('class="member-list"');
    const guest = await page(`/clubs/${clubId}?tab=members`);
    expect(guest.status).toBe(200);
    expect(guest.html).not.toContain('class="club-header__report"');
    expect(guest.html).not.toContain('class="member-list"');
  });

  test("another signed-in page gets the signed-in shell around its skeleton", async () => {
    const user = await signedInMember();
    const { status, html, headers } = await page("/connections", user.cookie);
    expect(status).toBe(200);
    expect(greets(html, user.username)).toBe(true);
    expect(hasGuestLinks(html)).toBe(false);
    expect(html).toContain('data-testid="tab-bar"');
    expect(headers.get("cache-control")).toBe("private, no-store");
  });

  test("without the cookie the pages stay as they were: guest header, /home a skeleton, guest caching", async () => {
    const home = await page("/home");
    expect(home.status).toBe(200);
    expect(hasGuestLinks(home.html)).toBe(true);
    expect(home.html).not.toContain("Feria de robots este sábado");
    expect(home.headers.get("cache-control")).toBe("no-cache");
    const clubs = await page("/clubs");
    expect(hasGuestLinks(clubs.html)).toBe(true);
    expect(clubs.html).not.toContain('data-testid="suggested-clubs"');
    expect(clubs.headers.get("cache-control")).toBe("no-cache");
    // A stored session hides the guest links until it is read (client/lib/page-cookie.ts).
    expect(clubs.html).toContain("session-pending");
    expect(clearsCookie(clubs.headers)).toBe(false);
  });

  test("a logged-out token renders signed out and the cookie is removed", async () => {
    const user = await signedInMember();
    expect((await t.request("POST", "/logout", { token: user.token })).status).toBe(204);
    const { html, headers } = await page("/home", user.cookie);
    expect(greets(html, user.username)).toBe(false);
    expect(hasGuestLinks(html)).toBe(true);
    expect(html).not.toContain("Feria de robots este sábado");
    expect(headers.get("cache-control")).toBe("no-cache");
    expect(clearsCookie(headers)).toBe(true);
  });

  test("a token from before a password change renders signed out", async () => {
    const user = await signedInMember();
    const changed = await t.request("POST", "/api/account/password", {
      token: user.token,
      json: { current_password: user.password, new_password: "another-horse-battery" },
    });
    expect(changed.status).toBe(200);
    const { html, headers } = await page("/clubs", user.cookie);
    expect(greets(html, user.username)).toBe(false);
    expect(hasGuestLinks(html)).toBe(true);
    expect(clearsCookie(headers)).toBe(true);
  });

  test("a banned person's cookie renders signed out", async () => {
    const user = await signedInMember();
    await t.sql`update users set ban_until = now() + interval '1 day' where id = ${user.id}`;
    const { html, headers } = await page("/home", user.cookie);
    expect(greets(html, user.username)).toBe(false);
    expect(html).not.toContain("Feria de robots este sábado");
    expect(clearsCookie(headers)).toBe(true);
  });

  test("a forged cookie renders signed out", async () => {
    const user = await signedInMember();
    const forged = `${user.cookie.slice(0, -4)}AAAA`;
    const { html, headers } = await page("/home", forged);
    expect(greets(html, user.username)).toBe(false);
    expect(clearsCookie(headers)).toBe(true);
  });
});
