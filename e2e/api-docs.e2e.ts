import { expect, test } from "./support/fixtures";

/**
 * The API's try-it page renders from this origin's own files under its strict policy: the
 * fixture fails the test on any Content-Security-Policy report, and no request leaves the origin.
 */
test("/docs shows every documented call with no script from another origin", async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith("data:"))
      foreign.push(request.url());
  });
  await page.goto("/docs");
  // The first /docs/json builds the whole document, and Swagger UI parses 1.4 MB of script: on a
  // loaded 2-core CI machine that took more than the default 10 s ("loading" on screen).
  await expect(page.getByRole("heading", { name: /ClubNica API/ })).toBeVisible({ timeout: 60_000 });
  // Every tag is listed (folded), down to the last; opening one shows its calls.
  const tags = (
    (await (await page.request.get("/docs/json")).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    }
  ).paths;
  const names = new Set(
    Object.values(tags).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags ?? [])),
  );
  await expect(page.locator(".opblock-tag")).toHaveCount(names.size);
  await page.locator('.opblock-tag[data-tag="Clubs"]').click();
  await expect(page.locator('.opblock-summary-path[data-path="/api/clubs/{id}"]').first()).toBeVisible();
  expect(foreign).toEqual([]);
});
