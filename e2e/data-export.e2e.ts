import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { messages } from "../common/messages";
import { member, sendDirect } from "./support/community-seed";
import { englishOnPage } from "./support/english-text";
import { expect, hydrated, pageFor, type SeedUser, shot, signIn, sql, test } from "./support/fixtures";
import { keepScreenshot } from "./support/keep-screenshot";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Download my data (issue 37): from /settings, with the keyboard only, ask for the file, wait
 * while the job builds it, download it and find the person's own data in it; in English at
 * 1280 px and in Spanish at 360 px, with no serious axe violation. The unzipped folder's
 * index.html opens from disk (file://) and shows the person's message (issue 50).
 */
test.describe.configure({ timeout: 120_000 });

const en = messages("en");
const es = messages("es");

/** Two people who wrote to each other; the file of `user` must hold only their own message. */
async function chattingPair() {
  const user = await member();
  const friend = await member();
  await sql()`update users set first_name = 'Mariela', last_name = 'Obando' where id = ${user.id}`;
  await sql()`update users set first_name = 'Kevin', last_name = 'Rocha' where id = ${friend.id}`;
  await sendDirect(user, friend.id, "Hola Kevin, ¿vas a la feria?");
  await sendDirect(friend, user.id, "Sí, nos vemos allá");
  return { user, friend };
}

/** Keyboard only: Enter on "Prepare my file", wait for the job, Shift+Tab to Download, Enter. */
async function requestAndDownload(page: Page, t: typeof en.dataExport) {
  const section = page.getByTestId("data-export");
  const prepare = section.getByRole("button", { name: t.request });
  // Enter on the button does nothing until the app has taken over the server-drawn page.
  await hydrated(page);
  await prepare.focus();
  await expect(prepare).toBeFocused();
  await page.keyboard.press("Enter");
  // The job builds the file; the section asks for the status every 2 s until it is ready.
  await expect(section.getByTestId("data-export-state")).toContainText(t.ready.split("{until}")[0]!.trim(), {
    timeout: 60_000,
  });
  await expect(section.getByRole("button", { name: t.requestAgain })).toBeFocused();
  const downloading = page.waitForEvent("download");
  await page.keyboard.press("Shift+Tab");
  await expect(section.getByRole("button", { name: t.download })).toBeFocused();
  await page.keyboard.press("Enter");
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^clubnica-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(section.getByText(t.downloaded)).toBeVisible();
  const files = unzipSync(new Uint8Array(await readFile(await file.path())));
  return { text: new TextDecoder().decode(files["clubnica-data.json"]), files };
}

/**
 * Unzips the file into a folder as a student would and opens its index.html from disk: a page
 * with no scripts that shows the person's own message. Screenshots at 360 and 1280 px.
 */
async function openIndexPage(page: Page, files: Record<string, Uint8Array>, name: string) {
  const folder = await mkdtemp(join(tmpdir(), "clubnica-export-"));
  for (const [path, bytes] of Object.entries(files)) {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), bytes);
  }
  await page.goto(pathToFileURL(join(folder, "index.html")).href);
  await expect(page.getByText("Hola Kevin, ¿vas a la feria?")).toBeVisible();
  await expect(page.getByText("Sí, nos vemos allá")).toHaveCount(0);
  expect(await page.locator("script").count()).toBe(0);
  const original = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await keepScreenshot(page, { path: `e2e/screenshots/screens/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

function expectOwnDataOnly(text: string, user: SeedUser, friend: SeedUser) {
  const data = JSON.parse(text);
  expect(data.profile).toMatchObject({ id: user.id, username: user.username, first_name: "Mariela" });
  expect(data.messages_sent.map((row: { content: string }) => row.content)).toEqual([
    "Hola Kevin, ¿vas a la feria?",
  ]);
  for (const other of [friend.username, "Rocha", "Sí, nos vemos allá"]) expect(text).not.toContain(other);
  return data;
}

test("English, 1280 px: ask with the keyboard, wait, download; an expired file is offered anew", async ({
  page,
}) => {
  const { user, friend } = await chattingPair();
  await signIn(page, user.token);
  await page.goto("/settings");
  const section = page.getByTestId("data-export");
  await expect(section.getByRole("heading", { name: en.dataExport.title })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "download my data, nothing asked", "[data-testid=data-export]");

  const { text, files } = await requestAndDownload(page, en.dataExport);
  const data = expectOwnDataOnly(text, user, friend);
  expect(data.note).toBe(en.dataExport.fileNote);
  await expectNoSeriousAxeViolations(page, "download my data, file ready", "[data-testid=data-export]");
  await section.scrollIntoViewIfNeeded();
  await shot(page, "data-export-ready");

  // Seven days later (moved in the database): /settings offers a new file again.
  await sql()`update data_exports set expires_at = now() - interval '1 minute' where user_id = ${user.id}`;
  await page.reload();
  await expect(section.getByRole("button", { name: en.dataExport.request })).toBeVisible();
  await expect(section.getByRole("button", { name: en.dataExport.download })).toHaveCount(0);

  await openIndexPage(page, files, "data-export-index-en");
  await expect(page.getByRole("heading", { level: 1, name: en.dataExport.page.title })).toBeVisible();
  await expect(page.getByRole("heading", { name: en.dataExport.page.messages })).toBeVisible();
});

test("a press before the current status has come is kept, not lost", async ({ page }) => {
  const { user } = await chattingPair();
  // A slow network: the status the section loads (and each poll of it) comes 2 s late.
  await page.route("**/api/users/me/data-export", async (route) => {
    if (route.request().method() === "GET") await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  await signIn(page, user.token);
  await page.goto("/settings");
  await hydrated(page);
  const section = page.getByTestId("data-export");
  // Enter at once, as a keyboard user would (Playwright's click would wait for aria-disabled to go).
  const prepare = section.getByRole("button", { name: en.dataExport.request });
  await prepare.focus();
  await page.keyboard.press("Enter");
  await expect(section.getByTestId("data-export-state")).toContainText(
    en.dataExport.ready.split("{until}")[0]!.trim(),
    { timeout: 60_000 },
  );
});

test("Spanish, 360 px: the same with the keyboard, all in Spanish", async ({ browser }) => {
  const { user, friend } = await chattingPair();
  const page = await pageFor(browser, user, "es-NI");
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/settings");
  const section = page.getByTestId("data-export");
  await expect(section.getByRole("heading", { name: es.dataExport.title })).toBeVisible();

  const { text, files } = await requestAndDownload(page, es.dataExport);
  const data = expectOwnDataOnly(text, user, friend);
  expect(data.note).toBe(es.dataExport.fileNote);
  await page.waitForLoadState("networkidle");
  expect(await englishOnPage(page), "profile: English on a Spanish page").toEqual([]);
  await expectNoSeriousAxeViolations(page, "descargar mis datos", "[data-testid=data-export]");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
  await section.scrollIntoViewIfNeeded();
  await shot(page, "data-export-es");
  await openIndexPage(page, files, "data-export-index-es");
  await expect(page.getByRole("heading", { level: 1, name: es.dataExport.page.title })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.context().close();
});
