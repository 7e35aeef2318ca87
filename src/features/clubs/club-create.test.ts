import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { clubUsers, createClubAs, form, png, type User } from "./club.fixtures";

// Sign-ups hash with argon2; on a loaded 2-core machine the 5 s default is too short.
setDefaultTimeout(60_000);

let t: TestApp;
let admin: User;
let owner: User;
let member: User;
beforeAll(async () => {
  t = await setupTestApp();
  ({ admin, owner, member } = await clubUsers(t));
}, 60_000);
afterAll(() => t.close());

const createClub = (owner: User, fields: Record<string, string | Blob> = {}) =>
  createClubAs(t, owner, fields);

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
        facebook: "https://www.facebook.com/progra",
        instagram: "https://www.instagram.com/progra",
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
      { name: "n", description: "d", meeting_location: "javascript://alert(1)" },
      ["body", "meeting_location"],
      "Write an address, like Teatro Municipal, León, or paste a map link.",
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

  test("an address as meeting place is stored as a map search link for it", async () => {
    const res = await t.request("POST", "/api/clubs", {
      token: owner.token,
      multipart: form({ name: "Teatro club", description: "d", meeting_location: "Teatro Municipal, León" }),
    });
    expect(res.status).toBe(201);
    expect(res.body.meeting_location).toBe(
      "https://www.google.com/maps/search/?api=1&query=Teatro%20Municipal%2C%20Le%C3%B3n",
    );
  });

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
