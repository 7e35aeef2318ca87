import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { messages } from "../../common/messages";
import { setupTestApp, type TestApp } from "../../test/harness";

setDefaultTimeout(30_000);

/**
 * A server render settles the page's language once and hands it to the API calls its loaders
 * make in-process (src/platform/locale/plugin.ts carryLocale): nothing in those requests' headers
 * names a language, yet the API answers in the page's language. Each app's DEFAULT_LOCALE is
 * the other language, so an API call that negotiated on its own would answer in the wrong one.
 */
type InProcessCall = { path: string; cookie: string | null; acceptLanguage: string | null };

/** Every API request the app hands itself while it renders a page (app.handle, as render.ts calls it). */
function recordInProcessCalls(t: TestApp): InProcessCall[] {
  const calls: InProcessCall[] = [];
  const handle = t.app.handle.bind(t.app);
  t.app.handle = (request: Request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/api/")) {
      const { headers } = request;
      calls.push({
        path: pathname,
        cookie: headers.get("cookie"),
        acceptLanguage: headers.get("accept-language"),
      });
    }
    return handle(request);
  };
  return calls;
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The 422 `detail` the API writes for club id 0 (zod's own message, in the request's language). */
async function clubIdError(t: TestApp, headers: Record<string, string>): Promise<string> {
  const res = await t.request("GET", "/api/clubs/0", { headers });
  expect(res.status).toBe(422);
  return `params.id: ${res.body.detail[0].msg}`;
}

/** `/clubs/0`: the loader's API call fails with a 422 whose detail the page shows. */
async function renderBadClub(t: TestApp, headers: Record<string, string>) {
  const calls = recordInProcessCalls(t);
  const page = await t.request("GET", "/clubs/0", { headers });
  expect(page.status).toBe(200);
  expect(calls.some((call) => call.path === "/api/clubs/0")).toBe(true);
  return { html: String(page.body), calls };
}

/** The top bar's language switch marks the page's language (read from the router's context). */
function currentSwitchLocale(html: string): string | undefined {
  return /<a [^>]*aria-current="true"[^>]*data-testid="language-(es|en)"/.exec(html)?.[1];
}

function expectNoLanguageHeaders(calls: InProcessCall[]) {
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) {
    expect(call.cookie).toBeNull();
    expect(call.acceptLanguage).toBeNull();
  }
}

describe("a Spanish page on an app whose default is English", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp({ DEFAULT_LOCALE: "en" });
  }, 60_000);
  afterAll(() => t.close());

  test("the API's error on the page is Spanish, with no cookie on the in-process calls", async () => {
    const spanish = await clubIdError(t, { "accept-language": "es-NI" });
    const english = await clubIdError(t, {});
    expect(spanish).not.toBe(english);
    const { html, calls } = await renderBadClub(t, { "accept-language": "es-NI,es;q=0.9" });
    expectNoLanguageHeaders(calls);
    expect(html).toContain('<html lang="es"');
    expect(html).toContain(escapeHtml(spanish));
    expect(html).not.toContain(escapeHtml(english));
    expect(html).toContain(messages("es").clubPage.backToClubs);
    expect(currentSwitchLocale(html)).toBe("es");
  });

  test("the lang cookie's Spanish beats an English Accept-Language on the API's answers too", async () => {
    const spanish = await clubIdError(t, { cookie: "lang=es" });
    const { html, calls } = await renderBadClub(t, { cookie: "lang=es", "accept-language": "en-US" });
    expectNoLanguageHeaders(calls);
    expect(html).toContain(escapeHtml(spanish));
  });
});

describe("an English page on an app whose default is Spanish", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setupTestApp({ DEFAULT_LOCALE: "es" });
  }, 60_000);
  afterAll(() => t.close());

  test("the API's error on the page is English, with no cookie on the in-process calls", async () => {
    const english = await clubIdError(t, { "accept-language": "en-US" });
    const spanish = await clubIdError(t, {});
    expect(english).not.toBe(spanish);
    const { html, calls } = await renderBadClub(t, { "accept-language": "en-US,en;q=0.9" });
    expectNoLanguageHeaders(calls);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain(escapeHtml(english));
    expect(html).not.toContain(escapeHtml(spanish));
    expect(html).toContain(messages("en").clubPage.backToClubs);
    expect(currentSwitchLocale(html)).toBe("en");
  });

  test("the lang cookie's English beats a Spanish Accept-Language on the API's answers too", async () => {
    const english = await clubIdError(t, { cookie: "lang=en" });
    const { html, calls } = await renderBadClub(t, { cookie: "lang=en", "accept-language": "es-NI" });
    expectNoLanguageHeaders(calls);
    expect(html).toContain(escapeHtml(english));
  });
});
