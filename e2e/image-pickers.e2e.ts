import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, pageFor, pngBlob, type SeedUser, seed, sql, test } from "./support/fixtures";

/**
 * Issue 50: every image field uses the app's own picker with its preview, never the browser's
 * raw "Choose File" input. The routes come from the router's own tree (e2e/support/route-paths.ts),
 * so a page added later is walked too. Walked as an admin who owns a club with an event (every
 * guard opens) and as a new account (the profile-creation step).
 */
test.describe.configure({ timeout: 300_000 });

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const ROUTES: string[] = JSON.parse(
  execFileSync("bun", ["e2e/support/route-paths.ts"], { cwd: root, encoding: "utf8" }),
);

/**
 * File inputs that are not the app's picker (the image picker, or a button of the app's own such
 * as the chat's attach, marked data-app-picker), or that are drawn (the picker's own is invisible).
 */
async function rawFileInputs(page: Page): Promise<string[]> {
  return await page.evaluate(() =>
    [...document.querySelectorAll<HTMLInputElement>("input[type=file]")]
      .filter((input) => {
        const style = getComputedStyle(input);
        const box = input.getBoundingClientRect();
        const drawn =
          box.width > 0 && box.height > 0 && style.visibility !== "hidden" && Number(style.opacity) > 0;
        return drawn || !input.closest(".image-picker, [data-app-picker]");
      })
      .map((input) => `#${input.id || input.name}`),
  );
}

async function walk(page: Page, params: Record<string, number>) {
  const found: string[] = [];
  for (const route of ROUTES) {
    const path =
      route === "/$" ? "/no-such-page" : route.replace(/\$(\w+)/g, (_, name: string) => String(params[name]));
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    for (const input of await rawFileInputs(page)) found.push(`${route}: ${input}`);
  }
  return found;
}

test("the route tree lists the pages with image fields", () => {
  for (const path of ["/clubs/new", "/edit-profile", "/profile/create", "/clubs/$clubId"])
    expect(ROUTES).toContain(path);
});

test("no route shows a raw file input (admin who owns a club)", async ({ browser }) => {
  const admin: SeedUser = await seed.user({ role: "admin" });
  await seed.profile(admin.id);
  const club = await seed.club(admin.token, {
    name: `Fotos ${Date.now()}`,
    description: "Fotos.",
    image: pngBlob(),
  });
  const [event] = await sql()<{ id: number }[]>`
    insert into posts (club_id, title, is_event, event_date) values
    (${club.id}, 'Feria', true, ${new Date(Date.now() + 86_400_000).toISOString()}) returning id`;
  const page = await pageFor(browser, admin);
  page.on("dialog", (dialog) => void dialog.accept());
  const found = await walk(page, { clubId: club.id, userId: admin.id, postId: event!.id });
  expect(found, "raw file inputs").toEqual([]);
  await page.context().close();
});

test("no route shows a raw file input (a new account, before its profile)", async ({ browser }) => {
  const fresh = await seed.user();
  const page = await pageFor(browser, fresh);
  const found = await walk(page, { clubId: 1, userId: fresh.id, postId: 1 });
  expect(found, "raw file inputs").toEqual([]);
  await page.context().close();
});
