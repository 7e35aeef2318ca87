import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { report } from "./report.fixtures";

/**
 * Reporting an aviso: the report lookup took an aviso (no club_id, no recipient) for someone
 * else's direct message and answered 404. A reader of the club's Avisos may report it, and the
 * moderation queue shows it in its club's Avisos.
 */
setDefaultTimeout(30_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

async function clubWithAviso() {
  const owner = await createQuickUser(t, { role: "owner" });
  const [officer, member, stranger] = [
    await createQuickUser(t),
    await createQuickUser(t),
    await createQuickUser(t),
  ];
  const admin = await createQuickUser(t, { role: "admin" });
  const clubId = await insertClub(t, owner.id, `Club Avisos ${owner.id}`);
  for (const person of [officer, member]) await addMember(t, clubId, person.id);
  const named = await t.request("PUT", `/api/clubs/${clubId}/officers/${officer.id}`, {
    token: owner.token,
    json: { title: "Secretaria", permissions: ["post"] },
  });
  expect(named.status).toBe(200);
  const avisos = `/api/messages/club/${clubId}/announcements`;
  expect((await send(t, owner.token, avisos, "Bienvenidos")).status).toBe(201);
  const aviso = await send(t, officer.token, avisos, "Compren rifas en este enlace raro");
  expect(aviso.status).toBe(201);
  // A club-chat message, which the aviso's context must not show.
  expect((await send(t, member.token, `/api/messages/club/${clubId}`, "hola club")).status).toBe(201);
  return { owner, officer, member, stranger, admin, clubId, avisoId: aviso.body.id as number };
}

test("a member and the club's owner report an aviso; someone outside the club gets 404", async () => {
  const w = await clubWithAviso();
  const target = { target_type: "message", target_id: w.avisoId, reason: "spam" };
  const byMember = await report(t, w.member.token, target);
  expect(byMember.status).toBe(201);
  expect(byMember.body).toMatchObject({ ...target, status: "open" });
  expect((await report(t, w.owner.token, target)).status).toBe(201);
  const byStranger = await report(t, w.stranger.token, target);
  expect(byStranger.status).toBe(404);
  expect(byStranger.body.detail).toBeTruthy();
  // Its writer cannot report their own aviso.
  expect((await report(t, w.officer.token, target)).status).toBe(422);
  const [row] = await t.sql<{ author_id: number; snapshot: string }[]>`
    select author_id, snapshot from reports where target_type = 'message' and target_id = ${w.avisoId} limit 1`;
  expect(row).toEqual({ author_id: w.officer.id, snapshot: "Compren rifas en este enlace raro" });
});

test("the moderation queue shows the aviso in its club's Avisos, among the avisos around it", async () => {
  const w = await clubWithAviso();
  expect(
    (await report(t, w.member.token, { target_type: "message", target_id: w.avisoId, reason: "spam" }))
      .status,
  ).toBe(201);
  const res = await t.request("GET", "/api/admin/reports?limit=100", { token: w.admin.token });
  expect(res.status).toBe(200);
  const group = res.body.find((g: { target_id: number }) => g.target_id === w.avisoId);
  expect(group.context).toMatchObject({
    kind: "message",
    club_id: w.clubId,
    club_name: `Club Avisos ${w.owner.id}`,
    channel: "announcements",
    between: [],
  });
  expect(
    group.context.messages.map((line: { content: string; reported: boolean }) => [
      line.content,
      line.reported,
    ]),
  ).toEqual([
    ["Bienvenidos", false],
    ["Compren rifas en este enlace raro", true],
  ]);
});
