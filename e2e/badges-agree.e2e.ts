import type { Page } from "@playwright/test";
import { club as clubOf, join, member, sendDirect } from "./support/community-seed";
import { expect, hydrated, type SeedUser, seed, signIn, test, uniqueName } from "./support/fixtures";
import { shootScreen } from "./support/screen-shots";

/**
 * Numbers that agree (issue 50): an owner with join requests waiting and unread messages sees
 * the Requests tab, the menu's number and the bell each say what they count; accepting one
 * request drops each by one and reading the chat clears its unread from the menu, all without
 * a reload.
 */
test.describe.configure({ timeout: 180_000 });

type Words = { requestsTab: string; waiting: (n: number) => RegExp; bell: (n: number) => string };
const es: Words = {
  requestsTab: "Solicitudes para unirse",
  waiting: (n) => new RegExp(`^${n} pendientes? para vos: `),
  bell: (n) => `Notificaciones, ${n} sin leer`,
};
const en: Words = {
  requestsTab: "Connection Requests",
  waiting: (n) => new RegExp(`^${n} waiting for you: `),
  bell: (n) => `Notifications, ${n} unread`,
};

/** Three people ask to join the owner's club; a member of it writes the owner twice. */
async function ownerWithNumbers() {
  const owner = await member("owner");
  const club = await clubOf(owner, uniqueName("Club Badges "));
  const writer = await member();
  await join(writer, owner, club.id);
  await sendDirect(writer, owner.id, "¿A qué hora es la reunión?");
  await sendDirect(writer, owner.id, "Llevo la pizarra");
  for (let i = 0; i < 3; i++) {
    const asker = await member();
    const res = await seed.call(`/api/connection-requests?club_id=${club.id}`, {
      method: "POST",
      token: asker.token,
    });
    expect(res.status).toBe(201);
  }
  return { owner, writer };
}

/** The menu's number: on the menu button on a phone, on the Connections link on a desktop. */
function menuBadge(page: Page, phone: boolean) {
  return phone
    ? page.locator(".topbar__menu-button").getByTestId("unread-badge")
    : page.locator(".topbar__links").getByTestId("unread-badge");
}

async function expectNumbers(
  page: Page,
  words: Words,
  phone: boolean,
  n: { tab: number; menu: number; bell: number; requestsPart: string | null; messagesPart: string | null },
) {
  const tab = page.getByRole("tab", { name: new RegExp(`^${words.requestsTab}`) });
  await expect(tab.getByTestId("connections-tab-requests-count")).toHaveText(new RegExp(`^${n.tab}`), {
    timeout: 15_000,
  });
  const badge = menuBadge(page, phone);
  await expect(badge.locator("[aria-hidden=true]")).toHaveText(String(n.menu), { timeout: 15_000 });
  await expect(badge).toHaveAttribute("title", words.waiting(n.menu));
  const title = (await badge.getAttribute("title")) ?? "";
  // The name lists only the parts that are there.
  if (n.requestsPart) expect(title).toContain(n.requestsPart);
  if (n.messagesPart) expect(title).toContain(n.messagesPart);
  else expect(title).not.toMatch(/sin leer|unread/);
  await expect(page.getByTestId("notice-bell")).toHaveAccessibleName(words.bell(n.bell), { timeout: 15_000 });
  await expect(page.getByTestId("notice-bell-count")).toHaveText(String(n.bell));
}

async function acceptOneAndReadTheChat(page: Page, owner: SeedUser, words: Words, phone: boolean) {
  const isEs = words === es;
  await signIn(page, owner.token);
  await page.goto("/connections?tab=requests");
  await hydrated(page);
  const tab = page.getByRole("tab", { name: new RegExp(`^${words.requestsTab}`) });
  await expect(tab).toHaveAccessibleName(
    new RegExp(isEs ? "3 solicitudes sin responder" : "3 join requests to answer"),
    { timeout: 15_000 },
  );
  await expectNumbers(page, words, phone, {
    tab: 3,
    menu: 5,
    bell: 4,
    requestsPart: isEs ? "3 solicitudes sin responder" : "3 join requests to answer",
    messagesPart: isEs ? "2 mensajes sin leer" : "2 unread messages",
  });

  // Accept one: every number drops by one.
  await page
    .getByTestId("request-received")
    .first()
    .getByRole("button", { name: isEs ? /^Aceptar/ : /^Accept/ })
    .click();
  await expect(page.getByTestId("request-received")).toHaveCount(2);
  await expectNumbers(page, words, phone, {
    tab: 2,
    menu: 4,
    bell: 3,
    requestsPart: isEs ? "2 solicitudes sin responder" : "2 join requests to answer",
    messagesPart: isEs ? "2 mensajes sin leer" : "2 unread messages",
  });

  // Read the chat (through the app's links: no reload): its unread and the menu's share go.
  if (phone)
    await page
      .getByTestId("tab-bar")
      .getByRole("link", { name: /^Chats/ })
      .click();
  else
    await page
      .locator(".topbar__links")
      .getByRole("link", { name: /^Chats/ })
      .click();
  const conversation = page.getByTestId("conversation").first();
  await expect(conversation.getByTestId("unread-count")).toHaveAttribute(
    "title",
    isEs ? "2 mensajes sin leer" : "2 unread messages",
  );
  await conversation.click();
  await expect(page.getByTestId("message-list").getByText("Llevo la pizarra")).toBeVisible();
  const badge = menuBadge(page, phone);
  await expect(badge.locator("[aria-hidden=true]")).toHaveText("2", { timeout: 15_000 });
  await expect(badge).toHaveAttribute("title", words.waiting(2));
  await expect(page.getByTestId("notice-bell")).toHaveAccessibleName(words.bell(2), { timeout: 15_000 });
  if (phone) await expect(page.getByTestId("tab-unread-badge")).toHaveCount(0);

  // Back on Connections (by the app's links), the tab still says 2.
  if (phone) {
    await page.locator(".topbar__menu-button").click();
    await page
      .locator(".topbar__links")
      .getByRole("link", { name: isEs ? /^Conexiones/ : /^Connections/ })
      .click();
  } else {
    await page
      .locator(".topbar__links")
      .getByRole("link", { name: /^Connections/ })
      .click();
  }
  await page.getByRole("tab", { name: new RegExp(`^${words.requestsTab}`) }).click();
  await expectNumbers(page, words, phone, {
    tab: 2,
    menu: 2,
    bell: 2,
    requestsPart: isEs ? "2 solicitudes sin responder" : "2 join requests to answer",
    messagesPart: null,
  });
}

test.describe("a phone in Spanish", () => {
  test.use({
    viewport: { width: 360, height: 780 },
    locale: "es-NI",
    extraHTTPHeaders: { "accept-language": "es-NI,es;q=0.9" },
  });

  test("accepting a request and reading a chat move the tab, the menu and the bell together", async ({
    page,
    browser,
  }) => {
    const { owner } = await ownerWithNumbers();
    await acceptOneAndReadTheChat(page, owner, es, true);
    await shootScreen(browser, {
      name: "badges-menu-open",
      path: "/connections?tab=requests",
      user: owner,
      prepare: async (shotPage) => {
        await hydrated(shotPage);
        const button = shotPage.locator(".topbar__menu-button");
        if (await button.isVisible()) await button.click();
      },
    });
  });
});

test.describe("a desktop in English", () => {
  test("accepting a request and reading a chat move the tab, the menu and the bell together", async ({
    page,
  }) => {
    const { owner } = await ownerWithNumbers();
    await acceptOneAndReadTheChat(page, owner, en, false);
  });
});
