import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { addMember, insertClub, send } from "../chat/chat.fixtures";
import { insertEvent } from "../events/event.fixtures";
import { download, exportAndWait, insertUpload, openArchive, waitUntilReady } from "./data-export.fixtures";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({}, { jobs: true });
});
afterAll(() => t.close());

type Person = QuickUser & {
  lastName: string;
  email: string;
  dm: string;
  clubMessage: string;
  postTitle: string;
  comment: string;
  reportDetails: string;
};

async function person(name: string, lastName: string): Promise<Person> {
  const user = await createQuickUser(t);
  await t.sql`update users set first_name = ${name}, last_name = ${lastName}, school = ${`Colegio de ${name}`}
    where id = ${user.id}`;
  return {
    ...user,
    lastName,
    email: `${user.username}@example.test`,
    dm: `mensaje directo de ${name}`,
    clubMessage: `mensaje de ${name} en el club`,
    postTitle: `Publicación de ${name}`,
    comment: `comentario de ${name}`,
    reportDetails: `reporte escrito por ${name}`,
  };
}

async function insertPost(clubId: number, author: Person, imageId: string | null) {
  const [row] = await t.sql<{ id: number }[]>`insert into posts (club_id, author_id, title, content, image_id)
    values (${clubId}, ${author.id}, ${author.postTitle}, 'texto', ${imageId}) returning id`;
  return row!.id;
}

describe("the export holds exactly the person's data", () => {
  test("two people who chatted: each file has only its owner's own words, profile and pictures", async () => {
    const ana = await person("Ana", "Martínez");
    const beto = await person("Beto", "Rivas");
    const owner = await createQuickUser(t, { role: "owner" });
    const club = await insertClub(t, owner.id, "Club de Robótica");
    for (const user of [ana, beto]) await addMember(t, club, user.id);
    const anaPicture = await insertUpload(t, new TextEncoder().encode("foto de perfil de Ana"));
    const anaPostImage = await insertUpload(t, new TextEncoder().encode("imagen de la publicación de Ana"));
    const betoPicture = await insertUpload(t, new TextEncoder().encode("foto de perfil de Beto"));
    await t.sql`update users set profile_picture_id = ${anaPicture} where id = ${ana.id}`;
    await t.sql`update users set profile_picture_id = ${betoPicture} where id = ${beto.id}`;

    // Direct messages both ways, and both in the club chat.
    for (const [from, to] of [
      [ana, beto],
      [beto, ana],
    ] as const) {
      expect((await send(t, from.token, `/api/messages/user/${to.id}`, from.dm)).status).toBe(201);
      expect((await send(t, from.token, `/api/messages/club/${club}`, from.clubMessage)).status).toBe(201);
    }
    // Each wrote a post; each comments on the other's.
    const anaPost = await insertPost(club, ana, anaPostImage);
    const betoPost = await insertPost(club, beto, null);
    for (const [user, post] of [
      [ana, betoPost],
      [beto, anaPost],
    ] as const) {
      const res = await t.request("POST", `/api/posts/${post}/comments`, {
        token: user.token,
        json: { content: user.comment },
      });
      expect(res.status).toBe(201);
    }
    // Each reports a message of the other: a report about you is not yours to download.
    const messageOf = async (user: Person) =>
      (
        await t.sql<
          { id: number }[]
        >`select id from messages where sender_id = ${user.id} and recipient_id is not null`
      )[0]!.id;
    for (const [user, other] of [
      [ana, beto],
      [beto, ana],
    ] as const) {
      const res = await t.request("POST", "/api/reports", {
        token: user.token,
        json: {
          target_type: "message",
          target_id: await messageOf(other),
          reason: "other",
          details: user.reportDetails,
        },
      });
      expect(res.status).toBe(201);
    }
    // Ana answers an event, asks to join a second club, saves her language and has a calendar feed.
    const event = await insertEvent(t, club, { title: "Feria de robots" });
    expect(
      (await t.request("PUT", `/api/posts/${event.id}/rsvp`, { token: ana.token, json: { status: "going" } }))
        .status,
    ).toBe(200);
    const otherClub = await insertClub(t, owner.id, "Club de Ajedrez");
    await t.sql`insert into connection_requests (club_id, user_id) values (${otherClub}, ${ana.id})`;
    await t.sql`update users set locale = 'es' where id = ${ana.id}`;
    await t.sql`insert into user_interests (user_id, tags, region, school)
      values (${ana.id}, ${["Robótica", "Arte"]}, 'León', 'Colegio de Ana')`;
    const feed = await t.request("GET", "/api/users/me/calendar-feed", { token: ana.token });
    const feedToken = String(feed.body.url).split("/").pop()!.replace(".ics", "");

    await exportAndWait(t, ana.token);
    await exportAndWait(t, beto.token);
    const anaFile = openArchive((await download(t, ana.token)).bytes);
    const betoFile = openArchive((await download(t, beto.token)).bytes);

    // Ana's own data, exactly.
    const a = anaFile.data;
    expect(a.profile).toMatchObject({
      id: ana.id,
      username: ana.username,
      first_name: "Ana",
      last_name: "Martínez",
      email: ana.email,
      school: "Colegio de Ana",
      profile_picture_url: `/uploads/${anaPicture}`,
    });
    expect(a.settings).toEqual({
      language: "es",
      calendar_feed: { exists: true, created_at: expect.any(String) },
      interests: {
        tags: ["Robótica", "Arte"],
        region: "León",
        school: "Colegio de Ana",
        updated_at: expect.any(String),
      },
    });
    expect(a.messages_sent.map((row: { content: string }) => row.content)).toEqual([ana.dm, ana.clubMessage]);
    expect(a.messages_sent[0]).toMatchObject({ to_user_id: beto.id, club_id: null });
    expect(a.messages_sent[1]).toMatchObject({ to_user_id: null, club_id: club });
    expect(a.posts.map((row: { id: number }) => row.id)).toEqual([anaPost]);
    expect(a.comments).toEqual([
      { id: expect.any(Number), post_id: betoPost, content: ana.comment, created_at: expect.any(String) },
    ]);
    expect(a.reports_made).toHaveLength(1);
    expect(a.reports_made[0]).toMatchObject({ target_type: "message", details: ana.reportDetails });
    expect(a.reports_made[0]).not.toHaveProperty("snapshot");
    expect(a.club_memberships).toEqual([
      { club_id: club, club_name: "Club de Robótica", joined_at: expect.any(String) },
    ]);
    expect(a.join_requests.map((row: { club_id: number }) => row.club_id)).toEqual([otherClub]);
    expect(a.event_answers).toEqual([
      { post_id: event.id, event_title: "Feria de robots", status: "going", updated_at: expect.any(String) },
    ]);
    // Her pictures are in the file, byte for byte; Beto's are not.
    expect(Object.keys(anaFile.files).sort()).toEqual([
      "clubnica-data.json",
      "index.html",
      `pictures/post-${anaPost}.png`,
      "pictures/profile.png",
    ]);
    expect(new TextDecoder().decode(anaFile.files["pictures/profile.png"])).toBe("foto de perfil de Ana");
    expect(a.pictures).toContainEqual({
      of: "profile",
      url: `/uploads/${anaPicture}`,
      file: "pictures/profile.png",
    });

    // Nothing of Beto's in Ana's file beyond his id, and the reverse; no secrets at all.
    const leaks = (text: string, other: Person) =>
      [
        other.username,
        other.email,
        other.lastName,
        other.dm,
        other.clubMessage,
        other.postTitle,
        other.comment,
        other.reportDetails,
      ].filter((value) => text.includes(value));
    expect(leaks(anaFile.text, beto)).toEqual([]);
    expect(leaks(betoFile.text, ana)).toEqual([]);
    // The page to read (index.html) leaks nothing the JSON does not.
    const page = (file: typeof anaFile) => new TextDecoder().decode(file.files["index.html"]);
    expect(leaks(page(anaFile), beto)).toEqual([]);
    expect(leaks(page(betoFile), ana)).toEqual([]);
    expect(anaFile.text).not.toContain(betoPicture);
    for (const secret of ["not-a-hash", "password", "token_version", feedToken]) {
      expect(anaFile.text).not.toContain(secret);
    }
    // Beto's file mirrors Ana's: his own words only.
    const b = betoFile.data;
    expect(b.profile).toMatchObject({ id: beto.id, username: beto.username, email: beto.email });
    expect(b.messages_sent.map((row: { content: string }) => row.content)).toEqual([
      beto.dm,
      beto.clubMessage,
    ]);
    expect(b.comments.map((row: { content: string }) => row.content)).toEqual([beto.comment]);
    expect(b.posts.map((row: { id: number }) => row.id)).toEqual([betoPost]);
    expect(b.settings.calendar_feed).toEqual({ exists: false, created_at: null });
    expect(b.settings.interests).toBeNull();
    expect(b.event_answers).toEqual([]);
    expect(Object.keys(betoFile.files).sort()).toEqual([
      "clubnica-data.json",
      "index.html",
      "pictures/profile.png",
    ]);
  });

  test("the note inside the file is in the language the person asked in", async () => {
    const user = await createQuickUser(t);
    const asked = await t.request("POST", "/api/users/me/data-export", {
      token: user.token,
      headers: { "accept-language": "es" },
    });
    expect(asked.status).toBe(202);
    await waitUntilReady(t, user.token);
    const { data } = openArchive((await download(t, user.token)).bytes);
    expect(data.note).toStartWith("Todo lo que ClubNica guarda sobre vos.");
  });
});
