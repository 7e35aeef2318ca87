import { describe, expect, test } from "bun:test";
import { negotiateLocale, settleLocale } from "./negotiate";
import { recordAccountLocale, requestLocale, runWithLocale } from "./request-locale";

const request = (headers: Record<string, string>) => new Request("http://localhost/", { headers });

describe("the order: cookie > account > Accept-Language > DEFAULT_LOCALE", () => {
  test("each input wins over the ones after it, and the store keeps every input", () => {
    const all = { cookie: "en", account: "es", header: "es" } as const;
    expect(settleLocale(all, "es")).toMatchObject({ locale: "en", source: "cookie", choices: all });
    expect(settleLocale({ ...all, cookie: null }, "en")).toMatchObject({ locale: "es", source: "account" });
    expect(settleLocale({ cookie: null, account: null, header: "en" }, "es")).toMatchObject({
      locale: "en",
      source: "header",
    });
    expect(settleLocale({ cookie: null, account: null, header: null }, "es")).toMatchObject({
      locale: "es",
      source: "default",
    });
  });

  test("negotiation reads the cookie and Accept-Language; the account's slot starts empty", () => {
    const store = negotiateLocale(request({ cookie: "a=1; lang=en", "accept-language": "es-NI" }), "es");
    expect(store).toMatchObject({ locale: "en", choices: { cookie: "en", account: null, header: "es" } });
    expect(negotiateLocale(request({ cookie: "lang=fr", "accept-language": "fr" }), "en").source).toBe(
      "default",
    );
  });

  test("the account's language, recorded after auth, beats Accept-Language but not the cookie", () => {
    const header = negotiateLocale(request({ "accept-language": "en-US" }), "es");
    runWithLocale(header, () => {
      recordAccountLocale("es");
      expect(requestLocale()).toBe("es");
    });
    expect(header).toMatchObject({ source: "account", choices: { header: "en", account: "es" } });
    const cookie = negotiateLocale(request({ cookie: "lang=en", "accept-language": "es" }), "es");
    runWithLocale(cookie, () => {
      recordAccountLocale("es");
      expect(requestLocale()).toBe("en");
    });
    expect(cookie).toMatchObject({ source: "cookie", choices: { account: "es" } });
  });
});
