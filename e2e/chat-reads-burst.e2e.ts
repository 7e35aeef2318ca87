import type { Page } from "@playwright/test";
import { club as clubOf, member } from "./support/community-seed";
import { expect, pageFor, SPANISH_PHONE, seed, signIn, sql, test, uniqueName } from "./support/fixtures";

/**
 * Issue 48, "little sent": a club chat's writer hears a `read` frame per member who reaches
 * their message, and a live delivery moves every following member's read mark at once. The
 * writer's phone asks GET …/reads again for a burst of frames, not once per member (which
 * started a request per frame, each cancelling the one before: client/lib/live/coalesced-refresh.ts),
 * and asks for the count alone; the names load when the list is opened.
 */
test.use(SPANISH_PHONE);
test.describe.configure({ timeout: 120_000 });

const READERS = 30;

/** Opens one live socket per token in `page` (any page of the app), each following `conversation`. */
async function followFrom(page: Page, tokens: string[], conversation: string) {
  await page.evaluate(
    async ({ tokens, conversation }) => {
      const url = `${location.origin.replace(/^http/, "ws")}/api/live`;
      const held: WebSocket[] = [];
      (window as unknown as { readers: WebSocket[] }).readers = held;
      await Promise.all(
        tokens.map(
          (token) =>
            new Promise<void>((resolve, reject) => {
              const ws = new WebSocket(url);
              held.push(ws);
              ws.onopen = () => ws.send(JSON.stringify({ type: "auth", token }));
              ws.onmessage = (event) => {
                const frame = JSON.parse(String(event.data)) as { type: string; detail?: string };
                if (frame.type === "ready") ws.send(JSON.stringify({ type: "subscribe", conversation }));
                else if (frame.type === "subscribed") resolve();
                else if (frame.type === "error") reject(new Error(frame.detail));
              };
              ws.onclose = () => reject(new Error("live socket closed"));
            }),
        ),
      );
    },
    { tokens, conversation },
  );
}

test("thirty members reading at once cost the writer a few reads requests, not thirty", async ({
  page,
  browser,
}) => {
  const owner = await member("owner");
  const ana = await member();
  const club = await clubOf(owner, uniqueName("Club de Ajedrez "));
  const readers = [];
  for (let i = 0; i < READERS; i++) readers.push(await seed.user());
  for (const person of [ana, ...readers])
    await sql()`insert into club_members (club_id, user_id) values (${club.id}, ${person.id})`;

  // The thirty follow the chat live from another phone's browser: a delivery marks them read.
  const other = await pageFor(browser, owner, "es-NI");
  await other.goto("/");
  await followFrom(
    other,
    readers.map((person) => person.token),
    `club:${club.id}`,
  );

  await signIn(page, ana.token);
  await page.goto(`/chat/club/${club.id}`);
  await expect(page.locator('[data-live="up"]')).toBeVisible({ timeout: 20_000 });
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(`/api/messages/club/${club.id}/reads`)) asked.push(request.url());
  });

  const box = page.getByRole("combobox", { name: "Mensaje" });
  await box.fill("¿Quién trae los tableros el sábado?");
  await box.press("Enter");
  const mine = page.getByTestId("chat-message").last();
  await expect(mine.getByRole("button", { name: `Visto por ${READERS} personas` })).toBeVisible({
    timeout: 20_000,
  });
  // Every frame has come (the count is the last one's); anything still queued would follow soon.
  await page.waitForTimeout(1000);
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.length).toBeLessThanOrEqual(6);
  // The line asks for the count alone; the thirty names load once, when the list opens.
  expect(asked.every((url) => url.includes("names=false"))).toBe(true);
  await mine.getByRole("button", { name: `Visto por ${READERS} personas` }).click();
  const dialog = page.getByRole("dialog", { name: "Visto por" });
  await expect(dialog.getByRole("listitem")).toHaveCount(READERS);
  expect(asked.filter((url) => !url.includes("names=false"))).toHaveLength(1);
  await page.screenshot({ path: test.info().outputPath("readers-360.png") });
  await other.context().close();
});
