import { createHmac, randomBytes } from "node:crypto";
import { type Browser, test as base, expect, type Page } from "@playwright/test";
import postgres from "postgres";
import { profileTest } from "./cpu-profile";
import { keepScreenshot } from "./keep-screenshot";
import { stackState } from "./state";

/**
 * Fixtures for every spec: `baseURL` of the running stack, `seed` (accounts and clubs through
 * the API, roles through SQL), `mail` (the captured e-mails), `signIn` (token into
 * localStorage, as the app keeps it), and a guard that fails a test on hydration errors and on
 * anything the Content-Security-Policy refuses.
 */
export type SeedUser = { id: number; username: string; password: string; token: string; role: string };
export type CapturedMail = { to: string[]; subject: string; text: string; html: string };
/** A completed profile's e-mail and name (names rotate: see PROFILE_NAMES). */
export type SeededProfile = { email: string; firstName: string; lastName: string; name: string };

let sqlClient: ReturnType<typeof postgres> | null = null;
export function sql() {
  sqlClient ??= postgres(stackState().databaseUrl, { max: 2, onnotice: () => {} });
  return sqlClient;
}

let counter = 0;
export function uniqueName(prefix: string) {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 5)}`;
}

async function call(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  // Seeding checks the spec's English answers; the app's default language is Spanish.
  if (!headers.has("accept-language")) headers.set("accept-language", "en-US");
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  const res = await fetch(stackState().baseURL + path, { ...init, headers });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON.
  }
  return { status: res.status, body };
}

/**
 * A session token for a seeded account, as POST /login issues it (HS256 with the app's secret;
 * claims sub, id, role, ver, jti, iat, exp: src/plugins/auth.ts). Log-in hashes the password at
 * production cost (argon2id, 64 MiB, about 0.1 s of the app's CPU), and the specs seed hundreds
 * of accounts a run; the specs about logging in do it through the form or the API themselves.
 */
function signToken(user: { id: number; username: string; role: string }): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const claims = {
    sub: user.username,
    id: user.id,
    role: user.role,
    // A new account's token version (a password change raises it).
    ver: 0,
    jti: randomBytes(16).toString("base64url"),
    iat: now,
    // The app's JWT_TTL (7 days by default).
    exp: now + 7 * 24 * 3600,
  };
  const unsigned = `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}`;
  const signature = createHmac("sha256", stackState().jwtSecret).update(unsigned).digest("base64url");
  return `${unsigned}.${signature}`;
}

/**
 * The first account a worker seeds with a password signs up through /signup; later ones with
 * the same password and a made-up name are inserted with its hash. A production-cost argon2id
 * hash is about 80 ms of the app's CPU here, and hundreds of accounts are seeded a run; a
 * username a spec chooses still goes through /signup (its screening).
 */
const signedUpHashes = new Map<string, string>();

/**
 * Each completed profile gets the next of these names (then around again, per worker process),
 * so a spec showing a sender and a recipient can tell them apart: assert the name seed.profile
 * returns, never a literal. Realistic Nicaraguan names, none of those specs type themselves.
 */
const PROFILE_NAMES: [string, string][] = [
  ["Jimena", "Aráuz"],
  ["Ernesto", "Cuadra"],
  ["Lucía", "Bermúdez"],
  ["Rodrigo", "Pallais"],
  ["Sofía", "Alemán"],
  ["Mateo", "Lacayo"],
  ["Camila", "Sequeira"],
  ["Andrés", "Urbina"],
  ["Isabel", "Castellón"],
  ["Diego", "Membreño"],
  ["Paola", "Rivas"],
  ["Hugo", "Obando"],
];
let profiles = 0;

export const seed = {
  call,
  async user(options: { role?: "member" | "owner" | "admin"; username?: string; password?: string } = {}) {
    let username = options.username ?? uniqueName("u");
    const password = options.password ?? "correct-horse-battery";
    const role = options.role ?? "member";
    const hash = options.username ? undefined : signedUpHashes.get(password);
    let id: number;
    if (hash) {
      const [row] = await sql()`insert into users (username, password_hash, role)
        values (${username}, ${hash}, ${role}) returning id`;
      id = row!.id as number;
    } else {
      const signup = await call("/signup", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password, role: "member" }),
      });
      if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
      id = signup.body.id as number;
      const [row] = await sql()`select username, password_hash from users where id = ${id}`;
      // As stored (the token names the account as the app wrote it).
      username = row!.username as string;
      signedUpHashes.set(password, row!.password_hash as string);
      if (role !== "member") await sql()`update users set role = ${role} where id = ${id}`;
    }
    return { id, username, password, token: signToken({ id, username, role }), role } satisfies SeedUser;
  },
  async club(token: string, fields: Record<string, string | number | boolean | Blob>) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (value instanceof Blob) form.set(key, value, "cover.png");
      else form.set(key, String(value));
    }
    const res = await call("/api/clubs", { method: "POST", body: form, token });
    if (res.status !== 201) throw new Error(`club create failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; name: string };
  },
  /** Creates a post (multipart, as the composer sends it); `image` may be a Blob. */
  async post(token: string, fields: Record<string, string | Blob>) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    const res = await call("/api/posts", { method: "POST", body: form, token });
    if (res.status !== 201) throw new Error(`post failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number; title: string };
  },
  /** Completes a profile directly (the next name of PROFILE_NAMES, a verified e-mail). */
  async profile(userId: number, email = `${uniqueName("p")}@example.com`): Promise<SeededProfile> {
    const [firstName, lastName] = PROFILE_NAMES[profiles % PROFILE_NAMES.length]!;
    profiles += 1;
    await sql()`update users set first_name = ${firstName}, last_name = ${lastName}, email = ${email},
      email_verified = true where id = ${userId}`;
    return { email, firstName, lastName, name: `${firstName} ${lastName}` };
  },
};

/** A small valid PNG (8×4, blue), for cover images. */
export function pngBlob(): Blob {
  const base64 =
    "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAIAAAA8r+mnAAAAEElEQVR4nGNgSD+GHVFPAgBBTSWhWL0nrQAAAABJRU5ErkJggg==";
  return new Blob([Buffer.from(base64, "base64")], { type: "image/png" });
}

export const mail = {
  async list(to: string): Promise<CapturedMail[]> {
    const res = await fetch(`${stackState().mailURL}/mail?to=${encodeURIComponent(to)}`);
    return (await res.json()) as CapturedMail[];
  },
  /** Waits for the n-th mail to an address (1-based) and returns it. */
  async waitFor(to: string, { count = 1, timeoutMs = 10_000 } = {}): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const list = await mail.list(to);
      if (list.length >= count) return list[count - 1]!;
      if (Date.now() > deadline) throw new Error(`no mail #${count} to ${to}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  },
  /** The 6-digit code in a mail. */
  code(message: CapturedMail): string {
    const match = /\b(\d{6})\b/.exec(message.text || message.html);
    if (!match?.[1]) throw new Error(`no code in mail: ${message.subject}`);
    return match[1];
  },
};

/** Puts the token where the app keeps it, before any page script runs. */
export async function signIn(page: Page, token: string) {
  await page.addInitScript((t) => {
    // Init scripts run in every frame too; an embedded (sandboxed, other-origin) frame has no
    // business with the app's storage and may not even read it.
    if (window !== window.top) return;
    if (!sessionStorage.getItem("__e2e_signed_in")) {
      localStorage.setItem("token", t);
      sessionStorage.setItem("__e2e_signed_in", "1");
    }
  }, token);
}

/** Saves a full-page screenshot at phone (360 px) and desktop (1280 px) widths. */
export async function screenshots(page: Page, name: string) {
  const original = page.viewportSize();
  for (const [label, width] of [
    ["phone", 360],
    ["desktop", 1280],
  ] as const) {
    await page.setViewportSize({ width, height: label === "phone" ? 740 : 800 });
    await page.waitForTimeout(150);
    await keepScreenshot(page, { path: `e2e/screenshots/${name}-${label}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Screenshots from the top with nothing focused, so sticky bars and focus rings sit still; on
 * the way, nothing may scroll sideways on a 360 px phone (design brief).
 */
export async function shot(page: Page, name: string) {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no sideways scroll`).toBe(
    360,
  );
  if (original) await page.setViewportSize(original);
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur?.();
  });
  await screenshots(page, name);
}

/**
 * A second signed-in browser (its own context), for walk-throughs between two people. English
 * like the specs' default browser (playwright.config.ts), unless a locale is given.
 */
export async function pageFor(browser: Browser, user: SeedUser, locale = "en-US"): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stackState().baseURL,
    viewport: { width: 1280, height: 800 },
    locale,
    extraHTTPHeaders: { "accept-language": `${locale},${locale.split("-")[0]};q=0.9` },
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw error;
  });
  await signIn(page, user.token);
  return page;
}

/**
 * Refuses the live connection's upgrade (`/api/live`), as a proxy without WebSockets does: the
 * app falls back to the spec's polls (docs/live.md). For specs about the polls themselves; the
 * live path has its own (e2e/live-chat.e2e.ts).
 */
export async function refuseLive(page: Page) {
  await page.routeWebSocket(/\/api\/live$/, (ws) => ws.close());
}

/** A student's phone in Nicaragua: Spanish, 360 px wide (`test.use(SPANISH_PHONE)`). */
export const SPANISH_PHONE = {
  locale: "es-NI",
  extraHTTPHeaders: { "accept-language": "es-NI,es;q=0.9" },
  viewport: { width: 360, height: 740 },
};

/**
 * Waits until the page has hydrated (the router deletes its bootstrap data then). A link
 * clicked before that does a full navigation instead of opening its dialog. (Text typed into an
 * account form before then is kept: early-input.e2e.ts.)
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as { $_TSR?: unknown }).$_TSR === undefined);
}

/**
 * After a navigation: the app has taken the page over (a signed-in page is drawn by the server
 * now, and a click or a focus on that HTML before hydration is lost or moved), and the web font
 * has come (its swap re-wraps text, moving what a spec measures). Pages that never hydrate (a
 * JSON answer, a file) end the wait at once; a page whose hydration fails is left to the spec's
 * own assertions and to the hydration-error check below.
 */
async function settled(page: Page) {
  await page
    .waitForFunction(
      () => (window as { $_TSR?: unknown }).$_TSR === undefined && document.fonts.status === "loaded",
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => {});
}

export const test = base.extend<{ hydrationErrors: string[]; cpuProfile: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as the first argument
  baseURL: async ({}, use) => {
    await use(stackState().baseURL);
  },
  // Every spec's page.goto and page.reload wait until the page is settled (above), except a
  // goto that asks to act at "commit" (the specs of input typed before the app takes over).
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      if (args[1]?.waitUntil !== "commit") await settled(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await settled(page);
      return response;
    };
    await use(page);
  },
  // First of the automatic fixtures, so its figures hold the page's setup and teardown too.
  // CPU seconds per spec (E2E_PROFILE, scripts/bench/e2e-cpu.ts); nothing unless asked.
  cpuProfile: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as the first argument
    async ({}, use, testInfo) => {
      const out = process.env.E2E_PROFILE;
      if (!out) return await use(undefined);
      const test = { file: testInfo.file, title: testInfo.titlePath.slice(1).join(" › ") };
      await profileTest(
        out,
        test,
        (text) => sql().unsafe(text) as never,
        () => use(undefined),
      );
    },
    { auto: true },
  ],
  hydrationErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        const text = msg.text();
        if (
          msg.type() === "error" &&
          // A script or frame refused by the Content-Security-Policy fails the test too.
          /hydrat|did not match|server rendered|recovered from an error|content security policy/i.test(text)
        )
          errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, "no hydration or page errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
