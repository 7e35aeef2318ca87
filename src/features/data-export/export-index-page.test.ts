import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { download, insertUpload, openArchive, waitUntilReady } from "./data-export.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
});
afterAll(() => t.close());

const SCRIPT = "<script>alert('hola')</script>";

describe("the export's index.html: a page a student can open", () => {
  test("shows the profile, a message, a post and its photo file, in the person's language, with user text escaped", async () => {
    const ana = await createQuickUser(t);
    const beto = await createQuickUser(t);
    const owner = await createQuickUser(t, { role: "owner" });
    const club = await insertClub(t, owner.id, "Club <b>de</b> Robótica");
    await addMember(t, club, ana.id);
    await addMember(t, club, beto.id);
    await t.sql`update users set first_name = 'Ana', last_name = ${`Martínez ${SCRIPT}`}, locale = 'es' where id = ${ana.id}`;
    const picture = await insertUpload(t, new TextEncoder().encode("foto de perfil"));
    const postImage = await insertUpload(t, new TextEncoder().encode("foto de la publicación"));
    await t.sql`update users set profile_picture_id = ${picture} where id = ${ana.id}`;
    const [post] = await t.sql<
      { id: number }[]
    >`insert into posts (club_id, author_id, title, content, image_id)
      values (${club}, ${ana.id}, 'Feria de robots', ${`Vení ${SCRIPT}`}, ${postImage}) returning id`;
    expect((await send(t, ana.token, `/api/messages/user/${beto.id}`, "¿Nos vemos el sábado?")).status).toBe(
      201,
    );
    expect((await send(t, ana.token, `/api/messages/club/${club}`, `Traigan cables ${SCRIPT}`)).status).toBe(
      201,
    );
    expect((await send(t, beto.token, `/api/messages/user/${ana.id}`, "mensaje de Beto")).status).toBe(201);

    const asked = await t.request("POST", "/api/users/me/data-export", {
      token: ana.token,
      headers: { "accept-language": "es-NI" },
    });
    expect(asked.status).toBe(202);
    await waitUntilReady(t, ana.token);
    const { files } = openArchive((await download(t, ana.token)).bytes);
    expect(Object.keys(files)).toContain("index.html");
    expect(Object.keys(files)).toContain("clubnica-data.json");
    const html = new TextDecoder().decode(files["index.html"]);

    // Spanish, the person's profile and words.
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("Tus datos de ClubNica");
    expect(html).toContain(ana.username);
    expect(html).toContain("¿Nos vemos el sábado?");
    expect(html).toContain(`A la persona #${beto.id}`);
    expect(html).toContain("En el chat de Club &lt;b&gt;de&lt;/b&gt; Robótica");
    expect(html).toContain("Feria de robots");
    // Never someone else's words.
    expect(html).not.toContain("mensaje de Beto");

    // Photos link the ZIP's own files.
    const postFile = `pictures/post-${post!.id}.png`;
    expect(Object.keys(files)).toContain(postFile);
    expect(html).toContain(`href="${postFile}"`);
    expect(html).toContain('src="pictures/profile.png"');

    // Text people wrote is escaped; the page has no script of any kind and loads nothing outside.
    expect(html).not.toContain("<script");
    expect(html).toContain("Traigan cables &lt;script&gt;alert(&#39;hola&#39;)&lt;/script&gt;");
    expect(html).toContain("Martínez &lt;script&gt;");
    expect(html).not.toMatch(/<b>de<\/b>/);
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).toContain("default-src 'none'");
  });

  test("in English for someone who asked in English", async () => {
    const ben = await createQuickUser(t);
    await t.sql`update users set locale = 'en' where id = ${ben.id}`;
    const asked = await t.request("POST", "/api/users/me/data-export", {
      token: ben.token,
      headers: { "accept-language": "en-US" },
    });
    expect(asked.status).toBe(202);
    await waitUntilReady(t, ben.token);
    const { files } = openArchive((await download(t, ben.token)).bytes);
    const html = new TextDecoder().decode(files["index.html"]);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("Your ClubNica data");
    expect(html).toContain("Nothing here.");
  });
});
