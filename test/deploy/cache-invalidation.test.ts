import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import postgres from "postgres";
import {
  type AppProcess,
  createTestDatabase,
  killAll,
  startAppProcess,
  TEST_JWT_SECRET,
} from "../app-process";

setDefaultTimeout(60_000);

/**
 * Two replicas on one database, as School IT runs them: a club deleted through one must leave
 * the other's cached /public/top-clubs within a second (it stayed 10 s, the cache's lifetime,
 * and its card linked to a 404), through PostgreSQL LISTEN/NOTIFY.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let one: AppProcess;
let two: AppProcess;
beforeAll(async () => {
  database = await createTestDatabase();
  const env = {
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: "warn",
  };
  [one, two] = await Promise.all([startAppProcess({ env }), startAppProcess({ env })]);
});
afterAll(async () => {
  await killAll();
  await database.drop();
});

async function adminToken(app: AppProcess): Promise<string> {
  // Not "admin_…": sign-up refuses staff-like names; the role is set below.
  const username = `chief_${Math.floor(Math.random() * 1e9)}`;
  const password = "correct-horse-battery";
  const signup = await fetch(`${app.url}/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password, role: "member" }),
  });
  expect(signup.status).toBe(201);
  const sql = postgres(database.url, { max: 1, onnotice: () => {} });
  await sql`update users set role = 'admin' where username = ${username}`;
  await sql.end();
  const login = await fetch(`${app.url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }).toString(),
  });
  return ((await login.json()) as { access_token: string }).access_token;
}

async function topClubIds(app: AppProcess): Promise<number[]> {
  const res = await fetch(`${app.url}/public/top-clubs`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: number }[]).map((c) => c.id);
}

describe("per-process caches across replicas", () => {
  test("a club deleted through one replica leaves the other's top clubs within 1 s; a new one appears", async () => {
    const token = await adminToken(one);
    const create = async (name: string) => {
      const res = await fetch(`${one.url}/api/clubs`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ name, description: "A club for the cache test." }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    const doomed = await create("Club de Ajedrez");
    // Replica two caches a list that holds the club (its cache lives 10 s).
    const deadline = Date.now() + 5000;
    while (!(await topClubIds(two)).includes(doomed) && Date.now() < deadline) await Bun.sleep(50);
    expect(await topClubIds(two)).toContain(doomed);

    const deleted = await fetch(`${one.url}/api/clubs/${doomed}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.status).toBe(200);
    const deletedAt = Date.now();
    let goneAfter: number | null = null;
    while (Date.now() - deletedAt < 3000) {
      if (!(await topClubIds(two)).includes(doomed)) {
        goneAfter = Date.now() - deletedAt;
        break;
      }
      await Bun.sleep(20);
    }
    console.log(`deleted club left the other replica's top clubs after ${goneAfter} ms`);
    expect(goneAfter).not.toBeNull();
    expect(goneAfter ?? Infinity).toBeLessThan(1000);

    // Creation propagates the same way.
    const fresh = await create("Club de Robótica");
    const createdAt = Date.now();
    while (!(await topClubIds(two)).includes(fresh) && Date.now() - createdAt < 3000) await Bun.sleep(20);
    expect(Date.now() - createdAt).toBeLessThan(1000);
  });
});
