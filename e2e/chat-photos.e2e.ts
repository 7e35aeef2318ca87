import type { Page } from "@playwright/test";
import sharp from "sharp";
import { club, join, member, sendDirect } from "./support/community-seed";
import { expect, hydrated, pageFor, SPANISH_PHONE, shot, signIn, sql, test } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Photos in the chat (issue 48): a student's phone in Spanish at 360 px and a laptop in English
 * at 1280 px in one club chat. Each attaches a photo with the keyboard only (the attach button,
 * the file picker, a preview with Remove), it reaches the other side, opens full screen in a
 * dialog that Esc closes, and focus comes back to the thumbnail. A stranger's photo in a message
 * request shows no photo until accepted, then blurred behind "Mostrar foto".
 */
test.use(SPANISH_PHONE);
test.describe.configure({ timeout: 150_000 });
/** How long a photo message may stay "sending": an upload the server resizes, not a click. */
const PHOTO_SENT_MS = 30_000;

const photo = (background: string, width = 900, height = 600) =>
  sharp({
    create: { width, height, channels: 3, background, noise: { type: "gaussian", mean: 128, sigma: 30 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();

/** Attaches a photo with the keyboard: focus on the attach button, Enter, the system's picker. */
const intercepting = new WeakSet<Page>();

async function attachByKeyboard(page: Page, name: string, file: { name: string; buffer: Buffer }) {
  // A listener for the page's whole life: Playwright starts intercepting file choosers when the
  // first one is added, and in CI a chooser opened right after waitForEvent was added sometimes
  // never reached it.
  if (!intercepting.has(page)) {
    page.on("filechooser", () => {});
    intercepting.add(page);
  }
  const attach = page.getByRole("button", { name });
  // Before the app has taken over the page, Enter on the button opens nothing.
  await hydrated(page);
  await expect(attach).toBeEnabled();
  await attach.focus();
  await expect(attach).toBeFocused();
  const chooser = page.waitForEvent("filechooser", { timeout: 20_000 });
  await page.keyboard.press("Enter");
  await (await chooser).setFiles({ name: file.name, mimeType: "image/jpeg", buffer: file.buffer });
}

async function named(first: string, last: string) {
  const user = await member();
  await sql()`update users set first_name = ${first}, last_name = ${last} where id = ${user.id}`;
  return user;
}

test("a photo goes both ways by keyboard, opens full screen and Esc closes it", async ({ page, browser }) => {
  const owner = await member("owner");
  const ana = await named("Ana", "Mairena");
  const beto = await named("Beto", "Zeledón");
  const room = await club(owner);
  for (const person of [ana, beto]) await join(person, owner, room.id);

  await signIn(page, ana.token);
  await page.goto(`/chat/club/${room.id}`);
  const laptop = await pageFor(browser, beto);
  await laptop.goto(`/chat/club/${room.id}`);
  await expect(laptop.getByRole("combobox", { name: "Message" })).toBeVisible();

  // The phone: attach, see the preview, remove it, attach again, write a caption, send.
  await attachByKeyboard(page, "Adjuntar una foto", { name: "afiche.jpg", buffer: await photo("#0067C6") });
  const preview = page.getByRole("img", { name: "Foto para enviar" });
  await expect(preview).toBeVisible();
  await page.getByRole("button", { name: "Quitar la foto" }).press("Enter");
  await expect(preview).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Adjuntar una foto" })).toBeFocused();
  await attachByKeyboard(page, "Adjuntar una foto", { name: "afiche.jpg", buffer: await photo("#0067C6") });
  await expect(preview).toBeVisible();
  const box = page.getByRole("combobox", { name: "Mensaje" });
  await box.focus();
  await page.keyboard.type("El afiche del sábado");
  await page.keyboard.press("Enter");
  await expect(preview).toHaveCount(0);
  const mine = page.getByTestId("chat-message").last();
  // A photo's send is an upload the server resizes (sharp) before the message exists: on a
  // loaded CI machine that alone has taken over 10 s, so its wait is an upload's, not a click's.
  await expect(mine).not.toHaveAttribute("data-pending", /.*/, { timeout: PHOTO_SENT_MS });
  await expect(mine.getByRole("button", { name: "Abrir la foto de Ana Mairena" })).toBeVisible();

  // The laptop gets it: a lazy thumbnail with its size set.
  const onLaptop = laptop.getByRole("button", { name: "Open the photo from Ana Mairena" });
  await expect(onLaptop).toBeVisible();
  const thumb = onLaptop.locator("img");
  await expect(thumb).toHaveAttribute("loading", "lazy");
  await expect(thumb).toHaveAttribute("width", "240");
  await expect(thumb).toHaveAttribute("height", "160");
  await expect(laptop.getByTestId("chat-message").last()).toContainText("El afiche del sábado");
  await expect
    .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);

  // Full screen on the laptop, by keyboard; Esc closes and focus comes back.
  await onLaptop.focus();
  await laptop.keyboard.press("Enter");
  const viewer = laptop.getByRole("dialog", { name: "Photo from Ana Mairena" });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole("img", { name: "El afiche del sábado" })).toBeVisible();
  await expectNoSeriousAxeViolations(laptop, "chat photo viewer (en, 1280)");
  await laptop.screenshot({ path: "e2e/screenshots/chat-photos-viewer-desktop-en.png" });
  await laptop.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);
  await expect(onLaptop).toBeFocused();

  // The laptop answers with a photo of its own, keyboard only.
  await attachByKeyboard(laptop, "Attach a photo", {
    name: "cancha.jpg",
    buffer: await photo("#e76f51", 600, 800),
  });
  await expect(laptop.getByRole("img", { name: "Photo to send" })).toBeVisible();
  await laptop.getByRole("combobox", { name: "Message" }).focus();
  await laptop.keyboard.press("Enter");
  await expect(laptop.getByTestId("chat-message").last()).not.toHaveAttribute("data-pending", /.*/, {
    timeout: PHOTO_SENT_MS,
  });

  // The phone gets it and opens it full screen.
  const onPhone = page.getByRole("button", { name: "Abrir la foto de Beto Zeledón" });
  await expect(onPhone).toBeVisible();
  await expect(page.locator("html")).toHaveJSProperty("scrollWidth", 360);
  await expectNoSeriousAxeViolations(page, "chat with photos (es, 360)");
  await page.screenshot({ path: "e2e/screenshots/chat-photos-thread-phone-es.png" });
  await onPhone.focus();
  await page.keyboard.press("Enter");
  const phoneViewer = page.getByRole("dialog", { name: "Foto de Beto Zeledón" });
  await expect(phoneViewer).toBeVisible();
  await expect(phoneViewer.getByRole("img", { name: "Foto" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "chat photo viewer (es, 360)");
  await page.screenshot({ path: "e2e/screenshots/chat-photos-viewer-phone-es.png" });
  await page.keyboard.press("Escape");
  await expect(phoneViewer).toHaveCount(0);
  await expect(onPhone).toBeFocused();
  await shot(laptop, "chat-photos-thread-en");
  await laptop.context().close();
});

test("a stranger's photo shows nothing until the request is accepted, then blurred behind Mostrar foto", async ({
  page,
  baseURL,
}) => {
  const ana = await named("Ana", "Mairena");
  const stranger = await named("Desconocido", "López");
  await sendDirect(stranger, ana.id, "Hola, te mando el afiche");
  // A photo message through the API, as the stranger's phone would send it.
  const form = new FormData();
  form.append("content", "");
  form.append(
    "image",
    new Blob([new Uint8Array(await photo("#2a9d8f"))], { type: "image/jpeg" }),
    "foto.jpg",
  );
  const sent = await fetch(`${baseURL}/api/messages/user/${ana.id}`, {
    method: "POST",
    headers: { authorization: `Bearer ${stranger.token}` },
    body: form,
  });
  expect(sent.status).toBe(201);

  await signIn(page, ana.token);
  await page.goto(`/chat/user/${stranger.id}`);
  const withheld = page.getByTestId("chat-photo-withheld");
  await expect(withheld).toContainText("Aceptá la solicitud para ver esta foto.");
  await expect(page.locator(".chat-photo__img")).toHaveCount(0);
  await page.screenshot({ path: "e2e/screenshots/chat-photos-request-phone-es.png" });

  await page
    .getByRole("button", { name: /^Aceptar/ })
    .first()
    .click();
  const show = page.getByRole("button", { name: "Mostrar foto" });
  await expect(show).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousAxeViolations(page, "a stranger's photo, accepted (es, 360)");
  await page.screenshot({ path: "e2e/screenshots/chat-photos-request-accepted-phone-es.png" });
  await show.press("Enter");
  await expect(page.getByRole("button", { name: "Abrir la foto de Desconocido López" })).toBeVisible();
});

test("a photo that failed to send: No enviado · Reintentar; after a reload the page says it was not kept", async ({
  page,
}) => {
  const owner = await member("owner");
  const ana = await named("Ana", "Mairena");
  const beto = await named("Beto", "Zeledón");
  const room = await club(owner);
  for (const person of [ana, beto]) await join(person, owner, room.id);
  await signIn(page, ana.token);
  await page.goto(`/chat/club/${room.id}`);
  const rows = page.getByTestId("chat-message");
  const box = page.getByRole("combobox", { name: "Mensaje" });
  await expect(box).toBeVisible();
  const offline = (route: import("@playwright/test").Route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback();

  // No signal: the photo waits in the outbox with its preview; a retry sends it, photo and all.
  await page.route("**/api/messages/club/*", offline);
  await attachByKeyboard(page, "Adjuntar una foto", { name: "lista.jpg", buffer: await photo("#264653") });
  await box.fill("La lista");
  await box.press("Enter");
  const retry = page.getByRole("button", { name: "No enviado · Reintentar" });
  await expect(retry).toBeVisible();
  await expect(rows.last().getByRole("img", { name: "Foto" })).toBeVisible();
  await page.screenshot({ path: "e2e/screenshots/chat-photos-failed-phone-es.png" });
  await page.unroute("**/api/messages/club/*");
  await retry.press("Enter");
  await expect(rows.last().getByRole("button", { name: "Abrir la foto de Ana Mairena" })).toBeVisible();
  await expect(retry).toHaveCount(0);

  // A reload loses the file (localStorage keeps text only): the entry says so, and a retry
  // sends its text.
  await page.route("**/api/messages/club/*", offline);
  await attachByKeyboard(page, "Adjuntar una foto", { name: "otra.jpg", buffer: await photo("#e9c46a") });
  await box.fill("Otra foto");
  await box.press("Enter");
  await expect(retry).toBeVisible();
  await page.reload();
  await expect(retry).toBeVisible();
  await expect(rows.last()).toContainText("Las fotos no se guardan al cerrar la página");
  await expectNoSeriousAxeViolations(page, "a photo not kept after a reload (es, 360)");
  await page.screenshot({ path: "e2e/screenshots/chat-photos-not-kept-phone-es.png" });
  await page.unroute("**/api/messages/club/*");
  await retry.click();
  await expect(rows.last().locator(".bubble__text")).toHaveText("Otra foto");
  await expect(rows.last()).not.toHaveAttribute("data-pending", /.*/);
  await expect(rows.last().locator(".chat-photo")).toHaveCount(0);
});
