import { seedThree } from "./support/feed-seed";
import { expect, seed, signIn, test } from "./support/fixtures";

/**
 * The strict Content-Security-Policy (issue 22): every page carries it with a fresh nonce, the
 * app hydrates and works under it (the fixtures fail any test on a CSP refusal), an opened
 * Instagram post is a sandboxed iframe, and no third-party script runs in the page.
 */
test.describe.configure({ timeout: 90_000 });

test("a page carries the policy, hydrates under it, and refuses an injected inline script", async ({
  page,
  browser,
}) => {
  const response = await page.goto("/clubs");
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(policy).toContain(directive);
  }
  expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  // Hydrated: a link navigates on the client (the page's window survives, no reload).
  await page.evaluate(() => {
    (window as { __stayed?: boolean }).__stayed = true;
  });
  await page.getByRole("link", { name: "Log in" }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  expect(await page.evaluate(() => (window as { __stayed?: boolean }).__stayed)).toBe(true);
  const again = await page.goto("/clubs");
  expect(again?.headers()["content-security-policy"]).not.toBe(policy);

  // A separate page (its console is not guarded): markup that sneaks in a script cannot run it.
  const other = await browser.newPage({ baseURL: page.url() });
  await other.goto("/clubs");
  const outcome = await other.evaluate(
    () =>
      new Promise<{ ran: boolean; violated: string }>((resolve) => {
        let violated = "";
        document.addEventListener("securitypolicyviolation", (e) => {
          violated = e.violatedDirective;
        });
        const script = document.createElement("script");
        script.textContent = "window.__injected = true";
        document.body.appendChild(script);
        setTimeout(
          () => resolve({ ran: Boolean((window as { __injected?: boolean }).__injected), violated }),
          300,
        );
      }),
  );
  expect(outcome).toEqual({ ran: false, violated: expect.stringMatching(/^script-src/) });
  await other.close();
});

test("an opened Instagram post is a sandboxed iframe of Instagram's embed page; no third-party script loads", async ({
  page,
}) => {
  const thirdPartyScripts: string[] = [];
  const instagram: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.hostname.endsWith("instagram.com")) instagram.push(`${request.resourceType()} ${url.href}`);
    if (request.resourceType() === "script" && url.origin !== new URL(page.url() || "http://x").origin) {
      thirdPartyScripts.push(url.href);
    }
  });
  // No internet in tests: the frame's page fails fast; what matters is what the app asks for.
  await page.route("https://www.instagram.com/**", (route) => route.abort());
  const { tag, c } = await seedThree();
  const reader = await seed.user();
  await signIn(page, reader.token);
  await page.goto("/home?sort=newest");
  await expect(page.getByTestId("feed-card").filter({ hasText: `Charlie ${tag}` })).toBeVisible();
  // Nothing from Instagram before the post is opened.
  expect(instagram).toEqual([]);
  await page
    .getByTestId("feed-card")
    .filter({ hasText: `Charlie ${tag}` })
    .getByRole("button", { name: /^Open post/ })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]post=${c.id}$`));
  const frame = dialog.locator("iframe");
  await expect(frame).toHaveAttribute("src", "https://www.instagram.com/p/CxYz12345/embed/");
  const sandbox = (await frame.getAttribute("sandbox")) ?? "";
  expect(sandbox.split(" ").sort()).toEqual(
    ["allow-popups", "allow-popups-to-escape-sandbox", "allow-same-origin", "allow-scripts"].sort(),
  );
  await expect.poll(() => instagram.length).toBeGreaterThan(0);
  expect(instagram.every((entry) => entry.startsWith("document "))).toBe(true);
  const pageScripts = await page.evaluate(() =>
    [...document.scripts].map((s) => s.src).filter((src) => src && new URL(src).origin !== location.origin),
  );
  expect(pageScripts).toEqual([]);
  expect(thirdPartyScripts).toEqual([]);
});
