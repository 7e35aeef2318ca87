import type { Page } from "@playwright/test";
import { club, join, member } from "./support/community-seed";
import { expect, hydrated, pageFor, type SeedUser, shot, sql, test } from "./support/fixtures";
import { expectNoSeriousAxeViolations } from "./support/serious-axe";

/**
 * Issue 49, keyboard only: on a 360 px phone in Spanish the owner names Ana secretary with
 * check_in, and Ana (a member account) opens the check-in screen from the club page; at 1280 px
 * in English the owner offers the club to Beto (an owner account) and Beto accepts.
 */
test.describe.configure({ timeout: 150_000 });

async function phone(browser: Parameters<typeof pageFor>[0], user: SeedUser): Promise<Page> {
  const page = await pageFor(browser, user, "es-NI");
  await page.setViewportSize({ width: 360, height: 740 });
  return page;
}

test("the owner names a secretary with check-in, who then opens the check-in screen", async ({ browser }) => {
  const owner = await member("owner");
  const ana = await member();
  const theClub = await club(owner);
  await join(ana, owner, theClub.id);
  await sql()`update users set first_name = 'Ana', last_name = 'Reyes' where id = ${ana.id}`;
  await sql()`insert into posts (club_id, title, is_event, event_date)
    values (${theClub.id}, 'Torneo de ajedrez', true, now() + interval '10 minutes')`;

  const ownerPage = await phone(browser, owner);
  await ownerPage.goto(`/clubs/edit/${theClub.id}`);
  await hydrated(ownerPage);
  const membersTab = ownerPage.getByRole("tab", { name: "Miembros" });
  await membersTab.focus();
  await ownerPage.keyboard.press("Enter");
  const row = ownerPage
    .getByRole("listitem")
    .filter({ has: ownerPage.getByRole("heading", { name: "Ana Reyes" }) });
  await row.getByRole("textbox", { name: "Cargo" }).focus();
  await ownerPage.keyboard.type("Secretaria");
  await row.getByRole("checkbox", { name: "Tomar asistencia (check-in)" }).focus();
  await ownerPage.keyboard.press("Space");
  await row.getByRole("button", { name: "Guardar" }).focus();
  await ownerPage.keyboard.press("Enter");
  await expect(row.getByText("Guardado.")).toBeVisible();
  await expectNoSeriousAxeViolations(ownerPage, "owner's Directiva screen");
  await shot(ownerPage, "directiva-owner-es");

  const anaPage = await phone(browser, ana);
  await anaPage.goto(`/clubs/${theClub.id}`);
  await hydrated(anaPage);
  await expect(anaPage.getByRole("heading", { name: "Directiva" })).toBeVisible();
  await expect(anaPage.getByText("Secretaria")).toBeVisible();
  const link = anaPage.getByRole("link", { name: "Registrar asistencia" });
  await link.focus();
  await anaPage.keyboard.press("Enter");
  await expect(anaPage.getByRole("heading", { name: "Registrar asistencia", level: 1 })).toBeVisible();
  await expect(anaPage.getByRole("img", { name: /Código QR para registrar asistencia/ })).toBeVisible();
  await expectNoSeriousAxeViolations(anaPage, "secretary's attendance screen");
});

test("a handover from offer to acceptance (English, 1280 px)", async ({ browser }) => {
  const owner = await member("owner");
  const beto = await member("owner");
  const theClub = await club(owner);
  await join(beto, owner, theClub.id);
  await sql()`update users set first_name = 'Beto', last_name = 'Núñez' where id = ${beto.id}`;

  const ownerPage = await pageFor(browser, owner);
  await ownerPage.goto(`/clubs/edit/${theClub.id}`);
  await hydrated(ownerPage);
  await ownerPage.getByRole("tab", { name: "Members" }).focus();
  await ownerPage.keyboard.press("Enter");
  const section = ownerPage.getByRole("region", { name: "Hand over the club" });
  await section.getByRole("combobox", { name: "New owner" }).selectOption({ label: "Beto Núñez" });
  await section.getByRole("checkbox", { name: "Publish posts and events" }).focus();
  await ownerPage.keyboard.press("Space");
  await section.getByRole("button", { name: "Offer the club" }).focus();
  await ownerPage.keyboard.press("Enter");
  await expect(
    section.getByText(/Handover offered to Beto Núñez \(waiting for their answer\)/),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(ownerPage, "owner's handover screen");

  const betoPage = await pageFor(browser, beto);
  await betoPage.goto(`/clubs/${theClub.id}`);
  await hydrated(betoPage);
  await expect(betoPage.getByText("You were offered this club. Do you want to be its owner?")).toBeVisible();
  await betoPage.getByRole("button", { name: "Accept" }).focus();
  await betoPage.keyboard.press("Enter");
  await expect(betoPage.getByRole("link", { name: "Edit" })).toBeVisible();
  const [row] = await sql()<{ owner_id: number }[]>`select owner_id from clubs where id = ${theClub.id}`;
  expect(row!.owner_id).toBe(beto.id);
  await expectNoSeriousAxeViolations(betoPage, "new owner's club page");
});
