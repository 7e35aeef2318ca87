import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember } from "../chat/chat.fixtures";
import { postForm } from "../posts/post.fixtures";
import { watchWords } from "../watched-words/watched-words.fixtures";
import { clubNamed, createPost, kindsOf, noticesOf, userIn } from "./notice.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true, mail: true });
});
afterAll(() => t.close());

const resolve = (token: string, body: Record<string, unknown>) =>
  t.request("POST", "/api/admin/reports/resolve", { token, json: body });

describe("notices that wait for a decision", () => {
  test("a held post reaches the members only when an admin approves it", async () => {
    const admin = await userIn(t, "en", "admin");
    const owner = await userIn(t, "es", "owner");
    const ana = await userIn(t, "es");
    const clubId = await clubNamed(t, owner.id, "Club Retenido");
    await addMember(t, clubId, ana.id);
    await watchWords(t, admin.token, { pelmazo: "hold" });
    const held = await t.request("POST", "/api/posts", {
      token: owner.token,
      json: { club_id: clubId, title: "Aviso", content: "Qué pelmazo" },
    });
    expect(held.body.pending_review).toBe(true);
    expect(await kindsOf(t, ana)).toEqual([]);
    expect(
      (await resolve(admin.token, { target_type: "post", target_id: held.body.id, action: "approve" }))
        .status,
    ).toBe(200);
    expect((await noticesOf(t, ana))[0]).toMatchObject({
      kind: "club_post",
      text: "Club Retenido publicó «Aviso».",
    });
  });

  test("a report I made acted on, in my language; the moved event tells who is going", async () => {
    const admin = await userIn(t, "en", "admin");
    const owner = await userIn(t, "en", "owner");
    const ana = await userIn(t, "es");
    const clubId = await clubNamed(t, owner.id, "Club Movido");
    await addMember(t, clubId, ana.id);
    const eventId = await createPost(t, owner, clubId, {
      title: "Asamblea",
      is_event: "true",
      event_date: new Date(Date.now() + 5 * 86400_000).toISOString(),
    });
    await t.request("PUT", `/api/posts/${eventId}/rsvp`, { token: ana.token, json: { status: "going" } });
    const moved = await t.request("PUT", `/api/posts/${eventId}`, {
      token: owner.token,
      multipart: postForm({ event_date: new Date(Date.now() + 9 * 86400_000).toISOString() }),
    });
    expect(moved.status).toBe(200);
    expect((await noticesOf(t, ana))[0]).toMatchObject({
      kind: "event_moved",
      post_id: eventId,
      text: "«Asamblea» en Club Movido tiene nueva fecha o lugar.",
      path: `/clubs/${clubId}?post=${eventId}`,
    });

    const reported = await t.request("POST", "/api/reports", {
      token: ana.token,
      json: { target_type: "post", target_id: eventId, reason: "spam" },
    });
    expect(reported.status).toBe(201);
    await resolve(admin.token, { target_type: "post", target_id: eventId, action: "dismiss" });
    expect((await noticesOf(t, ana))[0]).toMatchObject({
      kind: "report_dismissed",
      text: "Un administrador revisó algo que reportaste y no encontró ninguna regla rota. ¡Gracias!",
    });
  });
});
