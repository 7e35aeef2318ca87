import { club as clubOf, join, member, sendDirect, sendToClub } from "./support/community-seed";
import { expect, pageFor, shot, signIn, test, uniqueName } from "./support/fixtures";

/**
 * Phones (360×780): the bottom tab bar (Home, Clubs, Chats, Profile) with the unread badge on
 * Chats, the top bar's menu with the spec's links and a badge beside (never over) its icon, and
 * the chat inbox one tap away from every signed-in page.
 */
test.use({ viewport: { width: 360, height: 780 } });

test("at 360×780 the chat inbox is one tap from any signed-in page", async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await member("owner");
  const student = await member();
  const club = await clubOf(owner, uniqueName("Tab Club "));
  await join(student, owner, club.id);
  await sendToClub(student, club.id, "Hola a todos");
  await sendDirect(owner, student.id, "Welcome aboard!");
  await signIn(page, student.token);

  const pages = [
    "/home",
    "/clubs",
    `/clubs/${club.id}`,
    `/clubs/${club.id}/calendar`,
    "/my-clubs",
    "/connections",
    `/chat/club/${club.id}`,
    `/chat/user/${owner.id}`,
    "/profile",
    `/users/${owner.id}`,
    "/edit-profile",
  ];
  for (const path of pages) {
    await page.goto(path);
    const chats = page.getByTestId("tab-bar").getByRole("link", { name: /^Chats/ });
    await expect(chats, `${path}: Chats in the tab bar, on screen`).toBeInViewport();
    await chats.click();
    await expect(page, `${path}: one tap to the inbox`).toHaveURL(/\/chats$/);
    await expect(page.getByRole("heading", { level: 1, name: "Chats" })).toBeVisible();
  }

  // The inbox lists both conversations, newest first, and opens each.
  const conversations = page.getByTestId("conversation");
  await expect(conversations.first()).toContainText("Welcome aboard!");
  await expect(conversations.filter({ hasText: club.name })).toHaveCount(1);
  await shot(page, "chat-inbox");
  await conversations.filter({ hasText: club.name }).click();
  await expect(page).toHaveURL(new RegExp(`/chat/club/${club.id}$`));
  // An open chat belongs to the Chats tab.
  await expect(page.getByTestId("tab-bar").getByRole("link", { name: /^Chats/ })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("phones: the tab bar carries the unread badge; the menu keeps the spec's links, its badge beside the icon", async ({
  page,
}) => {
  const owner = await member("owner");
  const student = await member();
  await sendDirect(owner, student.id, "Are you coming on Saturday?");
  await signIn(page, student.token);
  await page.goto("/home");

  const tabs = page.getByTestId("tab-bar");
  await expect(tabs.getByRole("link")).toHaveText(["Home", "Clubs", /Chats/, "Profile"]);
  await expect(tabs.getByTestId("tab-unread-badge")).toHaveText("1", { timeout: 15_000 });
  await expect(tabs.getByRole("link", { name: /^Chats/ })).toHaveAccessibleName("Chats 1 unread message");
  await expect(tabs.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");

  const menu = page.getByRole("button", { name: "Menu" });
  const icon = await menu.locator("svg").boundingBox();
  const badge = await menu.getByTestId("unread-badge").boundingBox();
  expect(icon && badge, "icon and badge drawn").toBeTruthy();
  if (icon && badge)
    expect(badge.x, "the badge starts after the icon ends").toBeGreaterThanOrEqual(icon.x + icon.width);

  await menu.click();
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Home", "Clubs", "My Clubs", /^Connections/, "Chats"])
    await expect(nav.getByRole("link", { name, exact: typeof name === "string" })).toBeVisible();
  await expect(nav.getByTestId("greeting")).toBeVisible();
  await expect(nav.getByRole("button", { name: "Log out" })).toBeVisible();
  await shot(page, "phone-menu");
});

test("phones: the tab bar and the inbox in Spanish, and in the dark theme", async ({ browser }) => {
  const student = await member();
  const page = await pageFor(browser, student, "es-NI");
  await page.setViewportSize({ width: 360, height: 780 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/chats");
  await expect(page.getByRole("heading", { level: 1, name: "Chats" })).toBeVisible();
  await expect(page.getByTestId("tab-bar").getByRole("link")).toHaveText([
    "Inicio",
    "Clubes",
    "Chats",
    "Perfil",
  ]);
  await expect(page.getByText("Buscar clubes")).toBeVisible();
  // Dark surfaces come from the tokens.
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe("rgb(13, 17, 23)");
  await shot(page, "chat-inbox-es-dark");
  await page.context().close();
});
