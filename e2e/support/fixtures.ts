import { test as base, expect } from "@playwright/test";
import { profileTest } from "./cpu-profile";
import { settleNavigations } from "./pages";
import { sql } from "./seed-api";
import { stackState } from "./state";

/**
 * Fixtures for every spec: `baseURL` of the running stack, `seed` (accounts and clubs through
 * the API, roles through SQL: seed-api.ts), `mail` (the captured e-mails: captured-mail.ts),
 * `signIn` (token into localStorage, as the app keeps it: pages.ts), and a guard that fails a
 * test on hydration errors and on anything the Content-Security-Policy refuses. Specs import
 * all of it from here.
 */
export * from "./captured-mail";
export * from "./pages";
export * from "./seed-api";

export const test = base.extend<{ hydrationErrors: string[]; cpuProfile: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies as the first argument
  baseURL: async ({}, use) => {
    await use(stackState().baseURL);
  },
  // Every spec's page.goto and page.reload wait until the page is settled (pages.ts), except a
  // goto that asks to act at "commit" (the specs of input typed before the app takes over).
  page: async ({ page }, use) => {
    await use(settleNavigations(page));
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
