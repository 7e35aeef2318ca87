import type { Page } from "@playwright/test";
import { codeAt, stepOf } from "../src/features/check-ins/code.fixtures";
import { club, join, member } from "./support/community-seed";
import { expect, pageFor, type SeedUser, shot, sql, test } from "./support/fixtures";
import { keepScreenshot } from "./support/keep-screenshot";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Issue 35, attendance check-in: on 360 px phones in Spanish the owner shows the rotating code,
 * a member in another browser types it (keyboard only) and appears on the owner's list within
 * 5 s; another member checks in without signal and is sent when back online; the owner marks
 * a third by hand. Issue 46: a fourth member's check-in that waited 10 minutes on her phone
 * reaches the owner "por confirmar", not counted, and the owner confirms it. Then the owner's
 * screen at 1280 px in English.
 */
test.describe.configure({ timeout: 150_000 });

async function phone(browser: Parameters<typeof pageFor>[0], user: SeedUser): Promise<Page> {
  const page = await pageFor(browser, user, "es-NI");
  await page.setViewportSize({ width: 360, height: 740 });
  return page;
}

async function readCode(page: Page): Promise<string> {
  const text = (await page.getByTestId("check-in-code").textContent()) ?? "";
  return text.replace(/\D/g, "");
}

test("owner shows the code, members check in (typed and offline), the list fills live", async ({
  browser,
}) => {
  const owner = await member("owner");
  const [ana, beto, carla] = [await member(), await member(), await member()];
  const theClub = await club(owner);
  for (const person of [ana, beto, carla]) await join(person, owner, theClub.id);
  await sql()`update users set first_name = 'Carla', last_name = 'Peña' where id = ${carla.id}`;
  await sql()`update users set first_name = 'Beto', last_name = 'Núñez' where id = ${beto.id}`;
  const [event] = await sql()<{ id: number }[]>`
    insert into posts (club_id, title, is_event, event_date)
    values (${theClub.id}, 'Torneo de ajedrez', true, now() + interval '10 minutes') returning id`;
  const eventId = event!.id;

  // The owner's phone shows the code.
  const ownerPage = await phone(browser, owner);
  await ownerPage.goto(`/events/${eventId}/attendance`);
  await expect(ownerPage.getByRole("heading", { name: "Registrar asistencia", level: 1 })).toBeVisible();
  await expect(ownerPage.getByRole("img", { name: /Código QR para registrar asistencia/ })).toBeVisible();
  await expect(ownerPage.getByText("Todavía nadie ha registrado su asistencia.")).toBeVisible();
  await expectNoSeriousAxeViolations(ownerPage, "owner's attendance screen");
  await shot(ownerPage, "attendance-owner-es");

  // Ana, on her own phone, types the code: keyboard only.
  const anaPage = await phone(browser, ana);
  await anaPage.goto(`/events/${eventId}/check-in`);
  await expect(anaPage.getByRole("heading", { name: "Registrar asistencia al evento" })).toBeVisible();
  await anaPage.getByRole("textbox", { name: /Código de 6 dígitos/ }).focus();
  await anaPage.keyboard.type(await readCode(ownerPage));
  await anaPage.keyboard.press("Enter");
  await expect(anaPage.getByText("Tu asistencia quedó registrada. ¡Disfrutá el evento!")).toBeVisible();
  await expectNoSeriousAxeViolations(anaPage, "member's check-in page");
  await shot(anaPage, "check-in-member-es");

  // The owner's list shows her within 5 s (2 s polling).
  await expect(ownerPage.getByTestId("checked-in")).toContainText(ana.name, { timeout: 5_000 });

  // Beto has no signal: the check-in waits on his phone and goes when he is back online.
  const betoPage = await phone(browser, beto);
  await betoPage.goto(`/events/${eventId}/check-in`);
  const betoCode = betoPage.getByRole("textbox", { name: /Código de 6 dígitos/ });
  await expect(betoCode).toBeVisible();
  await betoPage.context().setOffline(true);
  await betoCode.fill(await readCode(ownerPage));
  await betoPage.getByRole("button", { name: "Registrar asistencia" }).click();
  await expect(betoPage.getByText(/Sin señal: tu registro quedó guardado/)).toBeVisible();
  await betoPage.context().setOffline(false);
  await expect(
    betoPage.getByText("Se envió tu registro guardado: tu asistencia quedó registrada."),
  ).toBeVisible();
  await expect(ownerPage.getByTestId("checked-in").filter({ hasText: "Beto Núñez" })).toBeVisible({
    timeout: 5_000,
  });

  // The owner marks Carla present by hand, with the keyboard.
  const mark = ownerPage.getByRole("button", { name: "Marcar presente a Carla Peña" });
  await mark.focus();
  await ownerPage.keyboard.press("Enter");
  await expect(ownerPage.getByTestId("checked-in").filter({ hasText: "Carla Peña" })).toContainText(
    "agregado a mano",
  );
  await expect(ownerPage.getByText("Todas las personas esperadas ya se registraron.")).toBeVisible();

  // Dani, a member for an hour, checked in 10 minutes ago without signal (the code on the
  // screen then); her phone sends it only now. Its time is her phone's word, so it waits for
  // the owner: "Por confirmar", not among those present.
  const dani = await member();
  await join(dani, owner, theClub.id);
  await sql()`update users set first_name = 'Dani', last_name = 'Ruiz' where id = ${dani.id}`;
  await sql()`update club_members set joined_at = now() - interval '1 hour'
    where club_id = ${theClub.id} and user_id = ${dani.id}`;
  const [key] = await sql()<{ secret: string }[]>`
    select secret from event_check_in_keys where post_id = ${eventId}`;
  const madeAt = new Date(Date.now() - 10 * 60_000);
  const queued = [
    { postId: eventId, code: codeAt(key!.secret, stepOf(madeAt.getTime())), at: madeAt.toISOString() },
  ];
  const daniPage = await phone(browser, dani);
  await daniPage.goto("/my-clubs");
  await daniPage.evaluate(
    (queue) => localStorage.setItem("clubnica.check-in-queue", JSON.stringify(queue)),
    queued,
  );
  await daniPage.goto(`/events/${eventId}/check-in`);
  await expect(
    daniPage.getByText(/Se envió tu registro guardado\. Como lo hiciste hace más de dos minutos/),
  ).toBeVisible();
  await shot(daniPage, "check-in-pending-member-es");
  const pending = ownerPage.getByTestId("pending-check-in").filter({ hasText: "Dani Ruiz" });
  await expect(pending).toBeVisible({ timeout: 5_000 });
  await expect(ownerPage.getByRole("heading", { name: "Por confirmar (1)" })).toBeVisible();
  await expect(ownerPage.getByRole("heading", { name: "Presentes (3)" })).toBeVisible();
  await expect(ownerPage.getByTestId("checked-in").filter({ hasText: "Dani Ruiz" })).toHaveCount(0);
  await expectNoSeriousAxeViolations(ownerPage, "owner's attendance screen with a check-in to confirm");
  await shot(ownerPage, "attendance-pending-es");

  // The owner confirms it: now she counts.
  await ownerPage.getByRole("button", { name: "Confirmar el registro de Dani Ruiz" }).click();
  await expect(ownerPage.getByText("Se confirmó el registro de Dani Ruiz.")).toBeVisible();
  await expect(ownerPage.getByTestId("checked-in").filter({ hasText: "Dani Ruiz" })).toBeVisible();
  await expect(ownerPage.getByRole("heading", { name: "Presentes (4)" })).toBeVisible();
  await expect(ownerPage.getByTestId("pending-check-in")).toHaveCount(0);

  // The owner's screen at 1280 px in English.
  const desk = await pageFor(browser, owner, "en-US");
  await desk.goto(`/events/${eventId}/attendance`);
  await expect(desk.getByRole("heading", { name: "Take attendance", level: 1 })).toBeVisible();
  await expect(desk.getByRole("heading", { name: "Present (4)" })).toBeVisible();
  await expect(desk.getByTestId("check-in-code")).toHaveText(/^\d{3} \d{3}$/);
  await expectNoSeriousAxeViolations(desk, "owner's attendance screen, English");
  await keepScreenshot(desk, { path: "e2e/screenshots/attendance-owner-en-desktop.png", fullPage: true });
});
