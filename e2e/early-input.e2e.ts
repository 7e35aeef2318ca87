import type { Page } from "@playwright/test";
import { messages } from "../common/messages";
import { clientManifest } from "./support/client-manifest";
import { expect, hydrated, SPANISH_PHONE, seed, test, uniqueName } from "./support/fixtures";

/**
 * On a slow phone a student types into the server-rendered form before its JavaScript has run.
 * What was typed (or chosen) then must still be there, and be what the form sends, after the
 * page hydrates (client/components/early-input.ts). The app's entry script is held back until
 * the fields are filled, as a slow network would.
 */

/** Holds the entry script until the returned function is called. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const { entry } = clientManifest();
  await page.route(
    (url) => url.pathname === entry,
    async (route) => {
      await gate;
      await route.continue();
    },
  );
  return release;
}

/**
 * Lets the entry script run but holds the page's own code (its route's chunks), the moment
 * between the app's start and the page's hydration. Resolves once the app has asked for it.
 */
async function holdThePage(page: Page, path: string): Promise<{ asked: Promise<void>; release: () => void }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked!: () => void;
  const askedFor = new Promise<void>((resolve) => {
    asked = resolve;
  });
  const chunks = new Set(clientManifest().routes[path]);
  await page.route(
    (url) => chunks.has(url.pathname),
    async (route) => {
      asked();
      await gate;
      await route.continue();
    },
  );
  return { asked: askedFor, release };
}

test.describe("in Spanish on a 360 px phone", () => {
  const es = messages("es");
  test.use(SPANISH_PHONE);

  test("sign-up typed and chosen before the page started is kept and carried to the next step", async ({
    page,
  }) => {
    const t = es.signupPage;
    const username = uniqueName("lucia.");
    const release = await holdTheApp(page);
    // Neither "load" nor DOMContentLoaded comes while a module script is held.
    await page.goto("/signup", { waitUntil: "commit" });
    await page.locator("#signup-username").fill(username);
    await page.locator("#signup-password").fill("correct-horse-battery");
    await page.locator("#signup-confirm").fill("correct-horse-battery");
    await page.getByLabel(t.roleOwner).check();
    // Not yet running: the server's page, as the student sees it on a slow connection.
    expect(await page.evaluate(() => (window as { $_TSR?: unknown }).$_TSR !== undefined)).toBe(true);

    release();
    await hydrated(page);
    // The form's state has what was typed: the owner's note shows, Continue is enabled.
    await expect(page.getByText(t.ownerHint)).toBeVisible();
    const cont = page.getByRole("button", { name: t.continue });
    await expect(cont).toBeEnabled();
    // Typing on after the start keeps what came before.
    await page.locator("#signup-username").press("End");
    await page.locator("#signup-username").pressSequentially("x");
    await expect(page.locator("#signup-username")).toHaveValue(`${username}x`);
    await expect(page.locator("#signup-password")).toHaveValue("correct-horse-battery");
    await expect(page.getByLabel(t.roleOwner)).toBeChecked();
    await cont.click();
    await expect(page).toHaveURL(/\/profile\/create$/);
  });

  test("a reset code typed before the page started is the one sent", async ({ page }) => {
    const t = es.resetPage;
    const release = await holdTheApp(page);
    await page.goto("/reset-password", { waitUntil: "commit" });
    await page.locator("#reset-identifier").fill("estudiante.leon");
    await page.locator("#reset-code").fill("482913");
    await page.locator("#reset-password").fill("nueva-contraseña-segura");
    await page.locator("#reset-confirm").fill("nueva-contraseña-segura");

    release();
    await hydrated(page);
    await expect(page.locator("#reset-identifier")).toHaveValue("estudiante.leon");
    const sent = page.waitForRequest(
      (request) => request.method() === "POST" && request.url().endsWith("/auth/password-reset/confirm"),
      { timeout: 10_000 },
    );
    await page.getByRole("button", { name: t.submit }).click();
    expect((await sent).postDataJSON()).toEqual({
      code: "482913",
      new_password: "nueva-contraseña-segura",
      username_or_email: "estudiante.leon",
    });
    // No such code: the server's answer, with every field still as typed.
    await expect(page.getByRole("alert").first()).toContainText(t.serverError);
    await expect(page.locator("#reset-code")).toHaveValue("482913");
  });

  test("Iniciar sesión tapped while the page is still starting logs in once it has", async ({ page }) => {
    const t = es.loginPage;
    const student = await seed.user();
    const { asked, release } = await holdThePage(page, "/login");
    // Without the hold, this POST would be the browser's own: the page would show raw JSON.
    const nativePosts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.isNavigationRequest()) nativePosts.push(request.url());
    });
    await page.goto("/login", { waitUntil: "commit" });
    await asked;
    await page.locator("#login-username").fill(student.username);
    await page.locator("#login-password").fill(student.password);
    await page.getByRole("button", { name: t.submit }).click();
    await page.locator("#login-password").press("Enter");
    // Held: still the login page, nothing sent.
    await expect(page.locator("#login-username")).toHaveValue(student.username);
    expect(page.url()).toMatch(/\/login$/);

    release();
    await expect(page).toHaveURL(/\/clubs$/);
    await expect(page.getByTestId("greeting")).toContainText(student.username);
    expect(nativePosts).toEqual([]);
  });

  test("Iniciar sesión tapped before any script arrived comes back to the login page, not to JSON", async ({
    page,
  }) => {
    const t = es.loginPage;
    const student = await seed.user();
    const release = await holdTheApp(page);
    await page.goto("/login", { waitUntil: "commit" });
    await page.locator("#login-username").fill(student.username);
    await page.locator("#login-password").fill(student.password);
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: t.submit }).click();
    // The browser's own POST (src/features/auth/early-form-posts.ts): back to the page.
    expect((await answered).status()).toBe(303);
    await expect(page.locator("#login-username")).toBeVisible();
    await expect(page.locator("body")).not.toContainText("access_token");
    expect(page.url()).toMatch(/\/login$/);

    release();
    await hydrated(page);
    await page.locator("#login-username").fill(student.username);
    await page.locator("#login-password").fill(student.password);
    await page.getByRole("button", { name: t.submit }).click();
    await expect(page).toHaveURL(/\/clubs$/);
  });

  test("Filtros opened before the page started stays open once it has", async ({ page }) => {
    const f = es.screens.clubFilters;
    const release = await holdTheApp(page);
    await page.goto("/clubs", { waitUntil: "commit" });
    const filters = page.locator("details.club-filters__more");
    await page.getByText(f.filters, { exact: true }).click();
    await expect(filters).toHaveAttribute("open", "");

    release();
    await hydrated(page);
    // Hydrating is not a choice: the panel the student opened is still open, and works.
    await expect(filters).toHaveAttribute("open", "");
    await expect(page.getByRole("navigation", { name: f.filterRegion })).toBeVisible();
    await page.getByRole("navigation", { name: f.filterRegion }).getByRole("link", { name: "León" }).click();
    await expect(page).toHaveURL(/[?&]region=/);
    // A choice made with the app running folds the filters away.
    await expect(filters).not.toHaveAttribute("open", /.*/);
  });

  test("a region picked on /events before the page started applies once it has", async ({ page }) => {
    const t = es.events;
    const release = await holdTheApp(page);
    await page.goto("/events", { waitUntil: "commit" });
    await page.getByLabel(t.filterRegion).selectOption("Granada");

    release();
    await hydrated(page);
    // Not put back to the URL's "every region": the pick is applied, as it would be a moment later.
    await expect(page).toHaveURL(/[?&]region=Granada/);
    await expect(page.getByLabel(t.filterRegion)).toHaveValue("Granada");
  });
});
