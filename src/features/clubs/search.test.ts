import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { createQuickUser, type QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createTopClubsCache } from "./service";

// Sign-ups hash with argon2; on a loaded 2-core machine the 5 s default is too short.
setDefaultTimeout(60_000);

let t: TestApp;
let owner: QuickUser;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await setupTestApp();
  owner = await createQuickUser(t, { role: "owner" });
  const clubs: Record<string, Record<string, string>> = {
    progra: {
      name: "Club de Programación",
      description: "Aprendemos a programar juntos",
      tags: "Tecnología, Programación",
      region: "Managua",
    },
    ajedrez: {
      name: "Ajedrez UNAN",
      description: "Partidas cada viernes",
      profile_description: "Torneos de ajedrez rápido y clásico",
      tags: "Juegos de mesa",
      region: "León",
    },
    musica: {
      name: "Coro Juvenil",
      description: "Cantamos música nicaragüense",
      tags: "Música, Arte",
      region: "Granada",
    },
    robot: {
      name: "Robótica Masaya",
      description: "Construimos robots",
      tags: "tecnologia, Ciencia",
      region: "Masaya",
    },
    pct: {
      name: "100% Voluntarios",
      description: "Servicio social",
      tags: "Voluntariado",
      region: "Managua",
    },
  };
  for (const [key, fields] of Object.entries(clubs)) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    const res = await t.request("POST", "/api/clubs", { token: owner.token, multipart: fd });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    ids[key] = res.body.id;
  }
  await t.sql`update clubs set member_count = 5 where id = ${ids.robot!}`;
  await t.sql`update clubs set member_count = 3 where id = ${ids.musica!}`;
}, 60_000);
afterAll(() => t.close());

async function search(query: string): Promise<number[]> {
  const res = await t.request("GET", `/api/clubs?${query}`);
  expect(res.status).toBe(200);
  return (res.body as { id: number }[]).map((c) => c.id);
}

describe("GET /api/clubs", () => {
  test("guests list clubs with the list item shape; default order member_count desc, id", async () => {
    const res = await t.request("GET", "/api/clubs");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe("5");
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([
      ids.robot,
      ids.musica,
      ids.progra,
      ids.ajedrez,
      ids.pct,
    ]);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      [
        "cover_position_x",
        "cover_position_y",
        "description",
        "id",
        "image_url",
        "is_open",
        "member_count",
        "name",
        "profile_image_url",
        "region",
        "tags",
      ].sort(),
    );
  });

  test("search ignores case and accents", async () => {
    expect(await search("q=programacion")).toContain(ids.progra!);
    expect(await search("q=PROGRAMACIÓN")).toContain(ids.progra!);
    expect(await search("q=robotica")).toEqual([ids.robot!]);
    expect(await search("q=nicaraguense")).toEqual([ids.musica!]);
  });

  test("search tolerates a typo", async () => {
    expect(await search("q=progamacion")).toContain(ids.progra!);
    expect(await search("q=ajedres")).toEqual([ids.ajedrez!]);
    expect(await search("q=robotca")).toEqual([ids.robot!]);
  });

  test("search covers both descriptions and tags; name matches rank first", async () => {
    expect(await search("q=torneos")).toEqual([ids.ajedrez!]);
    expect(await search("q=juegos de mesa")).toEqual([ids.ajedrez!]);
    const tech = await search("q=tecnologia");
    expect(tech.sort()).toEqual([ids.progra!, ids.robot!].sort());
    const programar = await search("q=program");
    expect(programar[0]).toBe(ids.progra!);
  });

  test("every significant word must match; short words count only when alone", async () => {
    expect(await search("q=coro%20nicaraguense")).toEqual([ids.musica!]);
    expect(await search("q=coro%20ajedrez")).toEqual([]);
    expect(await search("q=club%20de%20programacion")).toEqual([ids.progra!]);
    expect(await search("q=robotica%20masaya%20construimos")).toEqual([ids.robot!]);
  });

  test("LIKE wildcards in a search are literal; nothing found is an empty list", async () => {
    expect(await search("q=100%25")).toEqual([ids.pct!]);
    expect(await search("q=zzzzqqqq")).toEqual([]);
    expect(await search("q=%25%25%25_")).toEqual([]);
  });

  test("tag filter is exact, case- and accent-insensitive", async () => {
    expect((await search("tag=tecnologia")).sort()).toEqual([ids.progra!, ids.robot!].sort());
    expect(await search("tag=MÚSICA")).toEqual([ids.musica!]);
    expect(await search("tag=tecno")).toEqual([]);
  });

  test("region filter, also combined with search", async () => {
    expect((await search("region=Managua")).sort()).toEqual([ids.progra!, ids.pct!].sort());
    expect(await search("region=leon")).toEqual([ids.ajedrez!]);
    expect(await search("region=Managua&q=robot")).toEqual([]);
    const bad = await t.request("GET", "/api/clubs?region=Rivas");
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(["query", "region"]);
  });

  test("paging is stable and bounded", async () => {
    const all = await search("limit=100");
    const pages = [
      ...(await search("limit=2&offset=0")),
      ...(await search("limit=2&offset=2")),
      ...(await search("limit=2&offset=4")),
    ];
    expect(pages).toEqual(all);
    expect((await t.request("GET", "/api/clubs?limit=101")).status).toBe(422);
    expect((await t.request("GET", "/api/clubs?limit=0")).status).toBe(422);
    expect((await t.request("GET", "/api/clubs?offset=-1")).status).toBe(422);
  });
});

describe("GET /api/clubs/tags", () => {
  test("distinct tags with counts, folded case and accents", async () => {
    const res = await t.request("GET", "/api/clubs/tags");
    expect(res.status).toBe(200);
    const tech = res.body.find((x: { tag: string }) => x.tag.toLowerCase().startsWith("tecnolog"));
    expect(tech.count).toBe(2);
    expect(res.body[0].count).toBe(2);
    expect(res.body.map((x: { tag: string }) => x.tag)).toContain("Música");
  });
});

describe("GET /public/top-clubs", () => {
  test("no auth; ranked by members + 3 × recent posts; at most 12; a change shows at once", async () => {
    await t.sql`insert into posts (club_id, title) values (${ids.ajedrez!}, 'a'), (${ids.ajedrez!}, 'b')`;
    await t.sql`insert into posts (club_id, title, created_at) values (${ids.pct!}, 'old', now() - interval '40 days')`;
    const res = await t.request("GET", "/public/top-clubs");
    expect(res.status).toBe(200);
    // ajedrez: 0 + 3×2 = 6; robot 5; musica 3; progra 0 and pct 0 (old post) by id.
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([
      ids.ajedrez,
      ids.robot,
      ids.musica,
      ids.progra,
      ids.pct,
    ]);
    expect(res.body[0]).toHaveProperty("image_url");
    await t.sql`insert into clubs (name, description, member_count)
      select 'Extra ' || g, 'd', 100 from generate_series(1, 10) g`;
    // The list is cached for 10 s, but a change to the clubs drops it on every replica at once
    // (LISTEN/NOTIFY): the new, bigger clubs show up well inside the cache window.
    const changedAt = Date.now();
    let length = 0;
    while (Date.now() - changedAt < 3000) {
      length = (await t.request("GET", "/public/top-clubs")).body.length;
      if (length === 12) break;
      await Bun.sleep(20);
    }
    expect(length).toBe(12);
  });

  test("the list holds at most 12 clubs, and a database failure gives the last list or []", async () => {
    const fresh = createTopClubsCache({ db: t.db, logger: t.deps.logger, ttlMs: 0 });
    expect((await fresh.get()).length).toBe(12);
    const broken = createTopClubsCache({
      db: {
        select() {
          throw new Error("database down");
        },
      } as unknown as typeof t.db,
      logger: t.deps.logger,
      ttlMs: 0,
    });
    expect(await broken.get()).toEqual([]);
  });
});
