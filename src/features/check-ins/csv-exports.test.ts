import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import type { QuickUser } from "../clubs/user.fixtures";
import { checkInWorld } from "./check-in.fixtures";

setDefaultTimeout(60_000);

/** The members and attendance CSV files: who may download them, their columns and escaping. */
let t: TestApp;
let w: Awaited<ReturnType<typeof checkInWorld>>;
let tricky: number;
beforeAll(async () => {
  t = await setupTestApp();
  w = await checkInWorld(t, new Date());
  await t.sql`update clubs set join_questions = ${JSON.stringify(["¿Grado?", "¿Por qué?"])}::jsonb where id = ${w.clubId}`;
  const [row] = await t.sql<{ id: number }[]>`
    insert into users (username, password_hash, role, first_name, last_name, email)
    values (${`nunez${Date.now()}`}, 'x', 'member', 'Ana, "la Peque"', 'Núñez', 'ana@example.test')
    returning id`;
  tricky = row!.id;
  const answers = [
    { question: "¿Grado?", answer: "10mo, sección B" },
    { question: "¿Antes?", answer: 'Dije "sí"' },
  ];
  await t.sql`insert into club_members (club_id, user_id, joined_at, join_answers)
    values (${w.clubId}, ${tricky}, '2026-11-20T10:00:00Z', ${JSON.stringify(answers)}::jsonb)`;
  await t.sql`insert into event_check_ins (post_id, user_id, checked_in_at, added_by)
    values (${w.eventId}, ${tricky}, '2026-11-28T15:05:00Z', ${w.owner.id})`;
}, 60_000);
afterAll(() => t.close());

/** The raw bytes decoded keeping the BOM (Response.text() drops it). */
async function get(path: string, user: QuickUser | null, lang = "en") {
  const headers: Record<string, string> = { "accept-language": lang };
  if (user) headers.authorization = `Bearer ${user.token}`;
  const response = await t.app.handle(new Request(`http://localhost${path}`, { headers }));
  const body = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body };
}

/** Parses RFC 4180 CSV (quoted fields with doubled quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  return rows;
}

describe("members CSV", () => {
  const path = () => `/api/clubs/${w.clubId}/members.csv`;

  test("guest 401, member and non-member 403, owner and admin 200", async () => {
    expect((await get(path(), null)).status).toBe(401);
    for (const who of [w.member, w.outsider]) expect((await get(path(), who)).status).toBe(403);
    for (const who of [w.owner, w.admin]) expect((await get(path(), who)).status).toBe(200);
    expect((await get("/api/clubs/999999/members.csv", w.owner)).status).toBe(404);
  });

  test("UTF-8 with BOM; join date and answers; a comma, a quote and ñ escaped; no e-mail for the owner", async () => {
    const res = await get(path(), w.owner);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = res.body as string;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual(["Name", "Username", "Joined at", "¿Grado?", "¿Por qué?", "Other answers"]);
    const ana = rows.find((r) => r[0] === 'Ana, "la Peque" Núñez')!;
    expect(ana.slice(2)).toEqual(["2026-11-20T04:00:00-06:00", "10mo, sección B", "", '¿Antes?: Dije "sí"']);
    expect(text).toContain('"Ana, ""la Peque"" Núñez"');
    expect(text).not.toContain("@example.test");
  });

  test("an admin gets the e-mail column; headers follow the reader's language", async () => {
    const rows = parseCsv(((await get(path(), w.admin, "es")).body as string).slice(1));
    expect(rows[0]).toEqual([
      "Nombre",
      "Usuario",
      "Correo electrónico",
      "Fecha de ingreso",
      "¿Grado?",
      "¿Por qué?",
      "Otras respuestas",
    ]);
    expect(rows.find((r) => r[0]?.startsWith("Ana"))?.[2]).toBe("ana@example.test");
  });
});

describe("attendance CSV", () => {
  const path = () => `/api/posts/${w.eventId}/check-ins.csv`;

  test("guest 401, member and non-member 403, owner and admin 200", async () => {
    expect((await get(path(), null)).status).toBe(401);
    for (const who of [w.member, w.outsider]) expect((await get(path(), who)).status).toBe(403);
    for (const who of [w.owner, w.admin]) expect((await get(path(), who)).status).toBe(200);
  });

  test("columns, escaping and the e-mail column for admins only", async () => {
    const owner = parseCsv(((await get(path(), w.owner)).body as string).slice(1));
    expect(owner).toEqual([
      ["Name", "Username", "Checked in at", "Added by hand", "Status"],
      [
        'Ana, "la Peque" Núñez',
        expect.stringMatching(/^nunez/),
        "2026-11-28T09:05:00-06:00",
        "yes",
        "present",
      ],
    ]);
    const admin = parseCsv(((await get(path(), w.admin)).body as string).slice(1));
    expect(admin[0]).toEqual(["Name", "Username", "E-mail", "Checked in at", "Added by hand", "Status"]);
    expect(admin[1]?.[2]).toBe("ana@example.test");
  });
});
