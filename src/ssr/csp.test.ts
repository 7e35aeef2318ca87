import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

async function page(path: string) {
  const res = await t.app.handle(new Request(`http://localhost${path}`));
  return { res, html: await res.text(), policy: res.headers.get("content-security-policy") ?? "" };
}

describe("Content-Security-Policy", () => {
  test("a page carries a strict policy with a fresh nonce, and every inline script it writes carries that nonce", async () => {
    const first = await page("/clubs");
    expect(first.res.status).toBe(200);
    const policy = first.policy;
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
      expect(policy).toContain(directive);
    }
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).not.toMatch(/script-src[^;]*https?:/);
    const scripts = [...first.html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) {
      if (/\bsrc=/.test(attributes)) expect(attributes).toMatch(/src="\/assets\//);
      else expect(attributes).toContain(`nonce="${nonce}"`);
    }
    const second = await page("/clubs");
    expect(second.policy).not.toBe(policy);
  });

  test("API answers get a policy that allows nothing", async () => {
    const res = await t.app.handle(new Request("http://localhost/api/clubs"));
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  test("the service worker may fetch its own origin (to cache the shell) and nothing else", async () => {
    const res = await t.app.handle(new Request("http://localhost/sw.js"));
    const policy = res.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).not.toMatch(/https?:|\*/);
  });

  test("the offline page may load the app's stylesheet and icon, and no script", async () => {
    const res = await t.app.handle(new Request("http://localhost/offline?lang=es"));
    const policy = res.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("img-src 'self'");
    expect(policy).not.toContain("script-src");
    expect(policy).toContain("default-src 'none'");
  });
});
