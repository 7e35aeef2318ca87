import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import postgres from "postgres";
import {
  type AppProcess,
  createTestDatabase,
  killAll,
  startAppProcess,
  TEST_JWT_SECRET,
} from "../app-process";

// Real processes on a shared 2-core machine: generous time limits.
setDefaultTimeout(180_000);

/**
 * Two replicas on one database, as Kubernetes runs them. A reader polls replica B for the
 * messages a friend sends through replica A, 1,000 times, with the ETag and the `after`
 * cursor a browser sends; halfway the LISTEN connections are killed (pg_terminate_backend),
 * losing any NOTIFY in flight. Every message must be seen, once and in order: B's memory may
 * never keep answering 304 for a conversation that changed. How long each took is printed.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sql: postgres.Sql;
let a: AppProcess;
let b: AppProcess;
const METRICS_TOKEN = "metrics-token-for-the-replica-test";

beforeAll(async () => {
  database = await createTestDatabase();
  sql = postgres(database.url, { max: 1, onnotice: () => {} });
  const env = {
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: "warn",
    METRICS_TOKEN,
    RATE_MESSAGES_PER_ACCOUNT: "100000/1m",
    RATE_MESSAGES_PER_ADDRESS: "100000/1m",
  };
  a = await startAppProcess({ env });
  b = await startAppProcess({ env });
});
afterAll(async () => {
  await killAll();
  await sql.end();
  await database.drop();
});

async function signUp(app: AppProcess, username: string) {
  const password = "correct-horse-battery";
  const signup = await fetch(`${app.url}/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password, role: "member" }),
  });
  expect(signup.status).toBe(201);
  const id = ((await signup.json()) as { id: number }).id;
  const login = await fetch(`${app.url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }).toString(),
  });
  return { id, token: ((await login.json()) as { access_token: string }).access_token };
}

/** Kills every LISTEN connection of this database (both replicas'), as a failover or a proxy would. */
async function killListeners(): Promise<number> {
  const rows = await sql`
    select pg_terminate_backend(pid) as killed from pg_stat_activity
    where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`;
  return rows.length;
}

async function pollMemoryFigures(app: AppProcess): Promise<string> {
  const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  return text
    .split("\n")
    .filter((line) => /^clubnica_poll_memory_(hits|misses|resets)_total/.test(line))
    .join("; ");
}

describe("poll memory across replicas", () => {
  test("messages sent through A are all seen by 1,000 polls on B, across a killed LISTEN connection", async () => {
    const friend = await signUp(a, "friend_replicas");
    const reader = await signUp(b, "reader_replicas");
    // Friends from one club: a stranger's direct messages would be a message request, held at 3.
    const [club] = await sql<{ id: number }[]>`
      insert into clubs (name, description) values ('Club de réplicas', 'Un club') returning id`;
    await sql`insert into club_members (club_id, user_id) values (${club!.id}, ${friend.id}), (${club!.id}, ${reader.id})`;
    const send = async (content: string) => {
      const res = await fetch(`${a.url}/api/messages/user/${reader.id}`, {
        method: "POST",
        headers: { authorization: `Bearer ${friend.token}`, "content-type": "application/json" },
        body: JSON.stringify({ content }),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: number }).id;
    };
    let cursor = await send("hola");
    let etag = "";
    const sentAt = new Map<number, number>();
    const seen: number[] = [];
    const delays: number[] = [];
    const poll = async () => {
      const res = await fetch(`${b.url}/api/messages/user/${friend.id}?after=${cursor}`, {
        headers: { authorization: `Bearer ${reader.token}`, ...(etag ? { "if-none-match": etag } : {}) },
      });
      if (res.status === 304) return;
      expect(res.status).toBe(200);
      etag = res.headers.get("etag") ?? "";
      for (const message of (await res.json()) as { id: number }[]) {
        seen.push(message.id);
        delays.push(performance.now() - (sentAt.get(message.id) ?? Number.NaN));
        cursor = message.id;
      }
    };

    let killed = 0;
    for (let i = 0; i < 1000; i++) {
      if (i % 10 === 5) {
        const id = await send(`mensaje ${i}`);
        sentAt.set(id, performance.now());
      }
      if (i === 500) killed = await killListeners();
      await poll();
      await Bun.sleep(3);
    }
    // The last messages may still be on their way: keep polling (a memory stuck on a stale
    // answer would never show them).
    for (let i = 0; i < 500 && seen.length < sentAt.size; i++) {
      await poll();
      await Bun.sleep(10);
    }
    const sorted = [...delays].sort((x, y) => x - y);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]?.toFixed(1);
    console.log(
      `killed ${killed} LISTEN connections; ${seen.length}/${sentAt.size} messages seen; ` +
        `send-to-seen ms p50 ${at(0.5)}, p99 ${at(0.99)}, max ${at(1)} (polls every ~3 ms)`,
    );
    console.log(`replica B: ${await pollMemoryFigures(b)}`);
    expect(killed).toBeGreaterThanOrEqual(2);
    expect(seen).toEqual([...sentAt.keys()]);
    // The memory was used (polls of an unchanged conversation answered without a statement)
    // and was reset when the LISTEN connection came back.
    const figures = await pollMemoryFigures(b);
    expect(figures).toMatch(/clubnica_poll_memory_hits_total\{kind="chat"\} [1-9]/);
    expect(figures).toMatch(/clubnica_poll_memory_resets_total ([2-9]|\d\d)/);
  });

  test("a log-out through A refuses the token on B, which remembered its session", async () => {
    const person = await signUp(a, "logout_replicas");
    const other = await signUp(a, "logout_replicas_2");
    const me = (token: string) =>
      fetch(`${b.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    // Twice on B: the second answer comes from B's memory of the session.
    expect([await me(person.token), await me(person.token)]).toEqual([200, 200]);
    const out = await fetch(`${a.url}/logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(out.status).toBe(204);
    // The NOTIFY reaches B after the commit: wait for it (bounded), never for a fixed time.
    let status = await me(person.token);
    for (let i = 0; i < 200 && status !== 401; i++) {
      await Bun.sleep(10);
      status = await me(person.token);
    }
    expect(status).toBe(401);
    expect(await me(other.token)).toBe(200);
  });
});
