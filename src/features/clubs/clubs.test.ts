import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import sharp from "sharp";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createQuickUser, type QuickUser } from "./test-users";

// Sign-ups hash with argon2; on a loaded 2-core machine the 5 s default is too short.
setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
}, 60_000);
afterAll(() => t.close());

type User = QuickUser;

function form(fields: Record<string, string | Blob>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}

async function png(color = "#0067C6"): Promise<File> {
  const data = await sharp({ create: { width: 40, height: 20, channels: 3, background: color } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(data)], "cover.png", { type: "image/png" });
}

async function createClub(owner: User, fields: Record<string, string | Blob> = {}) {
  const res = await t.request("POST", "/api/clubs", {
    token: owner.token,
    multipart: form({
      name: `Club ${Math.random().toString(36).slice(2, 8)}`,
      description: "Un club",
      ...fields,
    }),
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; [k: string]: any };
}

let admin: User;
let owner: User;
let otherOwner: User;
let member: User;
beforeAll(async () => {
  admin = await createQuickUser(t, { role: "admin" });
  owner = await createQuickUser(t, { role: "owner" });
  otherOwner = await createQuickUser(t, { role: "owner" });
  // One real sign-up and login, so these tests also hold with tokens from /login.
  member = await t.createUser();
}, 60_000);

describe("POST /api/clubs", () => {
  test("guest 401, member 403 with the spec's message", async () => {
    const body = form({ name: "X", description: "Y" });
    expect((await t.request("POST", "/api/clubs", { multipart: body })).status).toBe(401);
    const res = await t.request("POST", "/api/clubs", { token: member.token, multipart: body });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "You must be a club owner or admin to create a club." });
  });

  test("an owner creates a club with every field normalised", async () => {
    const res = await t.request("POST", "/api/clubs", {
      token: owner.token,
      multipart: form({
        name: "  Club de Programación  ",
        description: "Aprendemos a programar",
        profile_description: "Descripción completa",
        tags: " Tecnología, tecnologia ,Programación,, ",
        is_open: "false",
        social_links: JSON.stringify({
          facebook: "facebook.com/progra",
          instagram: "http://instagram.com/progra",
          google_forms: "",
          whatsapp: "00505 8888-7777",
        }),
        region: "leon",
        meeting_location: "maps.google.com/?q=UNAN",
        president: "Ana",
        vice: "Luis",
        secretary: "Marta",
        member_criteria: "Estudiantes",
        contact_hours: "Lunes 2-4 pm",
        response_time: "1 día",
        cover_position_x: "20",
        cover_position_y: "75.4",
        image: await png(),
        profile_picture: await png("#ff0000"),
      }),
    });
    expect(res.status).toBe(201);
    const c = res.body;
    expect(c).toMatchObject({
      name: "Club de Programación",
      description: "Aprendemos a programar",
      profile_description: "Descripción completa",
      tags: "Tecnología, Programación",
      is_open: false,
      social_links: {
        facebook: "https://facebook.com/progra",
        instagram: "http://instagram.com/progra",
        google_forms: null,
        whatsapp: "https://wa.me/50588887777",
      },
      region: "León",
      meeting_location: "https://maps.google.com/?q=UNAN",
      president: "Ana",
      vice: "Luis",
      secretary: "Marta",
      member_criteria: "Estudiantes",
      contact_hours: "Lunes 2-4 pm",
      response_time: "1 día",
      cover_position_x: 20,
      cover_position_y: 75,
      owner_id: owner.id,
      member_count: 0,
      members: [],
      can_edit: true,
      is_member: false,
      request_pending: null,
    });
    expect(c.image_url).toMatch(/^\/uploads\/[0-9a-f]{64}$/);
    expect(c.profile_image_url).toMatch(/^\/uploads\/[0-9a-f]{64}$/);
    expect(c.image_url).not.toBe(c.profile_image_url);
    expect((await t.request("GET", c.image_url)).status).toBe(200);
  });

  test("defaults: open, cover 50/50, empty tags, null links", async () => {
    const c = await createClub(owner);
    expect(c).toMatchObject({
      is_open: true,
      cover_position_x: 50,
      cover_position_y: 50,
      tags: "",
      region: null,
      image_url: null,
      social_links: { facebook: null, instagram: null, google_forms: null, whatsapp: null },
    });
  });

  test("an admin creates a club and becomes its owner", async () => {
    const c = await createClub(admin);
    expect(c.owner_id).toBe(admin.id);
  });

  test("JSON bodies work too", async () => {
    const res = await t.request("POST", "/api/clubs", {
      token: owner.token,
      json: { name: "Json Club", description: "d", is_open: false, cover_position_x: 10, social_links: {} },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ is_open: false, cover_position_x: 10 });
  });

  const invalid: [string, Record<string, string>, (string | number)[], string][] = [
    ["missing name", { description: "d" }, ["body", "name"], "Name is required."],
    ["blank name", { name: "   ", description: "d" }, ["body", "name"], "Name is required."],
    ["missing description", { name: "n" }, ["body", "description"], "Short description is required."],
    [
      "blank description",
      { name: "n", description: " " },
      ["body", "description"],
      "Short description is required.",
    ],
    [
      "long name",
      { name: "x".repeat(121), description: "d" },
      ["body", "name"],
      "Name must be at most 120 characters.",
    ],
    [
      "unknown region",
      { name: "n", description: "d", region: "Chinandega" },
      ["body", "region"],
      "Region must be one of Managua, León, Masaya or Granada.",
    ],
    [
      "cover out of range",
      { name: "n", description: "d", cover_position_x: "101" },
      ["body", "cover_position_x"],
      "Cover position must be a whole number from 0 to 100.",
    ],
    [
      "cover not a number",
      { name: "n", description: "d", cover_position_y: "abc" },
      ["body", "cover_position_y"],
      "Cover position must be a whole number from 0 to 100.",
    ],
    [
      "is_open not boolean",
      { name: "n", description: "d", is_open: "maybe" },
      ["body", "is_open"],
      "Must be true or false.",
    ],
    [
      "social links not JSON",
      { name: "n", description: "d", social_links: "{oops" },
      ["body", "social_links"],
      "Social links must be a JSON object with facebook, instagram, google_forms and whatsapp.",
    ],
    [
      "bad whatsapp",
      { name: "n", description: "d", social_links: JSON.stringify({ whatsapp: "123" }) },
      ["body", "social_links.whatsapp"],
      "Enter a WhatsApp number with country code (for example +505 8888 8888) or a WhatsApp link.",
    ],
    [
      "bad facebook link",
      { name: "n", description: "d", social_links: JSON.stringify({ facebook: "javascript:alert(1)" }) },
      ["body", "social_links.facebook"],
      "Enter a valid link (for example https://example.com).",
    ],
    [
      "bad meeting location",
      { name: "n", description: "d", meeting_location: "not a link" },
      ["body", "meeting_location"],
      "Enter a valid link (for example https://example.com).",
    ],
    [
      "too many tags",
      { name: "n", description: "d", tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(",") },
      ["body", "tags"],
      "Use at most 20 tags.",
    ],
    [
      "tag too long",
      { name: "n", description: "d", tags: `ok, ${"x".repeat(41)}` },
      ["body", "tags"],
      "Each tag must be at most 40 characters.",
    ],
  ];
  for (const [label, fields, loc, msg] of invalid) {
    test(`422 for ${label}`, async () => {
      const res = await t.request("POST", "/api/clubs", { token: owner.token, multipart: form(fields) });
      expect(res.status).toBe(422);
      expect(res.body.detail).toContainEqual({ loc, msg });
    });
  }

  test("a file that is not PNG/JPEG is 415 and creates nothing", async () => {
    const before = await t.sql`select count(*)::int as n from clubs`;
    const res = await t.request("POST", "/api/clubs", {
      token: owner.token,
      multipart: form({
        name: "Gif club",
        description: "d",
        image: new File([new TextEncoder().encode("GIF89a....")], "x.gif", { type: "image/gif" }),
      }),
    });
    expect(res.status).toBe(415);
    expect(res.body.detail).toBe("Only PNG, JPG or JPEG images are allowed.");
    const after = await t.sql`select count(*)::int as n from clubs`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  test("an empty file input means no image", async () => {
    const c = await createClub(owner, { image: new File([], "", { type: "application/octet-stream" }) });
    expect(c.image_url).toBeNull();
  });
});

describe("GET /api/clubs/{id}", () => {
  test("guests see the club and members without viewer fields; unknown id is 404", async () => {
    const c = await createClub(owner, { tags: "Arte" });
    await t.sql`update users set first_name = 'Ana', last_name = 'Pérez' where id = ${member.id}`;
    await t.sql`insert into club_members (club_id, user_id) values (${c.id}, ${member.id})`;
    const res = await t.request("GET", `/api/clubs/${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body.members).toEqual([
      { id: member.id, username: member.username, display_name: "Ana Pérez" },
    ]);
    expect(res.body).not.toHaveProperty("is_member");
    expect(res.body).not.toHaveProperty("can_edit");
    const missing = await t.request("GET", "/api/clubs/999999");
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: "Club not found" });
    expect((await t.request("GET", "/api/clubs/abc")).status).toBe(422);
  });

  test("viewer fields per permission", async () => {
    const c = await createClub(owner);
    await t.sql`insert into club_members (club_id, user_id) values (${c.id}, ${member.id})`;
    const asMember = await t.request("GET", `/api/clubs/${c.id}`, { token: member.token });
    expect(asMember.body).toMatchObject({ is_member: true, can_edit: false, request_pending: null });
    const asOther = await t.request("GET", `/api/clubs/${c.id}`, { token: otherOwner.token });
    expect(asOther.body).toMatchObject({ is_member: false, can_edit: false });
    const asOwner = await t.request("GET", `/api/clubs/${c.id}`, { token: owner.token });
    expect(asOwner.body.can_edit).toBe(true);
    const asAdmin = await t.request("GET", `/api/clubs/${c.id}`, { token: admin.token });
    expect(asAdmin.body.can_edit).toBe(true);
    const [req] =
      await t.sql`insert into connection_requests (club_id, user_id) values (${c.id}, ${otherOwner.id}) returning id`;
    const pending = await t.request("GET", `/api/clubs/${c.id}`, { token: otherOwner.token });
    expect(pending.body.request_pending).toBe(req!.id);
  });

  test("a bad token is 401 even on guest routes (the client sends people to log in)", async () => {
    const res = await t.request("GET", "/api/clubs", { token: "garbage" });
    expect(res.status).toBe(401);
  });
});

describe("PUT /api/clubs/{id}", () => {
  test("permissions: guest 401, member 403, other owner 403, owner and admin 200, unknown 404", async () => {
    const c = await createClub(owner, { president: "Ana" });
    const body = () => form({ name: "Renamed" });
    expect((await t.request("PUT", `/api/clubs/${c.id}`, { multipart: body() })).status).toBe(401);
    expect(
      (await t.request("PUT", `/api/clubs/${c.id}`, { token: member.token, multipart: body() })).status,
    ).toBe(403);
    const other = await t.request("PUT", `/api/clubs/${c.id}`, {
      token: otherOwner.token,
      multipart: body(),
    });
    expect(other.status).toBe(403);
    expect(other.body.detail).toBe("Only this club's owner or an admin can edit it.");
    const mine = await t.request("PUT", `/api/clubs/${c.id}`, { token: owner.token, multipart: body() });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ name: "Renamed", president: "Ana", description: "Un club" });
    const byAdmin = await t.request("PUT", `/api/clubs/${c.id}`, {
      token: admin.token,
      multipart: form({ president: "", cover_position_x: "0" }),
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({
      name: "Renamed",
      president: null,
      cover_position_x: 0,
      owner_id: owner.id,
    });
    expect(
      (await t.request("PUT", "/api/clubs/999999", { token: admin.token, multipart: body() })).status,
    ).toBe(404);
  });

  test("an owner demoted to member loses edit rights over the club they still own", async () => {
    const demoted = await createQuickUser(t, { role: "owner" });
    const c = await createClub(demoted);
    await t.sql`update users set role = 'member' where id = ${demoted.id}`;
    const res = await t.request("PUT", `/api/clubs/${c.id}`, {
      token: demoted.token,
      multipart: form({ name: "X" }),
    });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("Only this club's owner or an admin can edit it.");
    const detail = await t.request("GET", `/api/clubs/${c.id}`, { token: demoted.token });
    expect(detail.body.can_edit).toBe(false);
  });

  test("validation: name and description cannot be emptied", async () => {
    const c = await createClub(owner);
    const res = await t.request("PUT", `/api/clubs/${c.id}`, {
      token: owner.token,
      multipart: form({ name: "", description: "" }),
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toContainEqual({ loc: ["body", "name"], msg: "Name is required." });
    expect(res.body.detail).toContainEqual({
      loc: ["body", "description"],
      msg: "Short description is required.",
    });
  });

  test("a new cover replaces the old one, which is deleted when unused", async () => {
    const c = await createClub(owner, { image: await png("#123456") });
    const oldId = c.image_url.split("/").pop();
    const res = await t.request("PUT", `/api/clubs/${c.id}`, {
      token: owner.token,
      multipart: form({ image: await png("#654321") }),
    });
    expect(res.status).toBe(200);
    expect(res.body.image_url).not.toBe(c.image_url);
    const left = await t.sql`select id from uploads where id = ${oldId}`;
    expect(left.length).toBe(0);
  });

  test("an old cover still used by another club is kept", async () => {
    const shared = await png("#00ff00");
    const a = await createClub(owner, { image: shared });
    const b = await createClub(owner, { image: await png("#00ff00") });
    expect(b.image_url).toBe(a.image_url);
    await t.request("PUT", `/api/clubs/${a.id}`, {
      token: owner.token,
      multipart: form({ image: await png("#0000ff") }),
    });
    expect((await t.request("GET", b.image_url)).status).toBe(200);
  });
});

describe("DELETE /api/clubs/{id}", () => {
  test("admin only; removes posts, requests, memberships, messages, images; audited", async () => {
    const c = await createClub(owner, { image: await png("#abcdef") });
    const imageId = c.image_url.split("/").pop();
    await t.sql`insert into club_members (club_id, user_id) values (${c.id}, ${member.id})`;
    await t.sql`insert into connection_requests (club_id, user_id) values (${c.id}, ${otherOwner.id})`;
    const postImage = `post-image-${c.id}`;
    const postThumb = `post-thumb-${c.id}`;
    for (const id of [postImage, postThumb]) {
      await t.sql`insert into uploads (id, content_type, data, byte_size) values (${id}, 'image/png', '\\x00', 1)`;
    }
    await t.sql`insert into posts (club_id, author_id, title, image_id, thumbnail_id)
      values (${c.id}, ${owner.id}, 'Hola', ${postImage}, ${postThumb})`;
    await t.sql`insert into messages (sender_id, club_id, content) values (${member.id}, ${c.id}, 'hola')`;

    expect((await t.request("DELETE", `/api/clubs/${c.id}`)).status).toBe(401);
    for (const u of [member, owner, otherOwner]) {
      const res = await t.request("DELETE", `/api/clubs/${c.id}`, { token: u.token });
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe("Only an admin can delete a club.");
    }
    const res = await t.request("DELETE", `/api/clubs/${c.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect((await t.request("GET", `/api/clubs/${c.id}`)).status).toBe(404);
    for (const table of ["club_members", "connection_requests", "posts", "messages"]) {
      const rows = await t.sql`select 1 from ${t.sql(table)} where club_id = ${c.id}`;
      expect(rows.length).toBe(0);
    }
    expect(
      (await t.sql`select 1 from uploads where id in ${t.sql([imageId, postImage, postThumb])}`).length,
    ).toBe(0);
    const audit =
      await t.sql`select actor_id, details from audit_log where action = 'club.delete' and target_id = ${c.id}`;
    expect(audit.length).toBe(1);
    expect(audit[0]!.actor_id).toBe(admin.id);
    expect((await t.request("DELETE", `/api/clubs/${c.id}`, { token: admin.token })).status).toBe(404);
  });
});

describe("/docs", () => {
  test("documents every club and connection call, with the create form", async () => {
    const res = await t.request("GET", "/docs/json");
    expect(res.status).toBe(200);
    for (const path of [
      "/api/clubs",
      "/api/clubs/tags",
      "/api/clubs/{id}",
      "/api/clubs/{id}/membership",
      "/public/top-clubs",
      "/api/connection-requests",
      "/api/connection-requests/sent",
      "/api/connection-requests/received",
      "/api/connection-requests/{id}/accept",
      "/api/connection-requests/{id}",
      "/api/my-connections",
      "/api/connections/{id}",
    ]) {
      expect(res.body.paths).toHaveProperty([path]);
    }
    const create = res.body.paths["/api/clubs"].post;
    expect(create.summary).toContain("Create a club");
    expect(Object.keys(create.requestBody.content["application/json"].schema.properties)).toContain(
      "social_links",
    );
  });
});
