import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import http from "node:http";
import { PRODUCTION_PASSWORD_COST } from "../../src/config";
import {
  type AppProcess,
  createTestDatabase,
  killAll,
  startAppProcess,
  TEST_JWT_SECRET,
} from "../app-process";
import { waitUntil } from "../wait";

// Real processes on a shared 2-core machine: generous limits, the assertions measure the rest.
setDefaultTimeout(45_000);

/**
 * SIGTERM as Kubernetes sends it during a rolling update: the real process must answer every
 * request already in flight, report not-ready while draining, and exit 0.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await killAll();
  await database.drop();
});

function env(extra: Record<string, string>) {
  return {
    NODE_ENV: "test",
    DATABASE_URL: database.url,
    JWT_SECRET: TEST_JWT_SECRET,
    // Dozens of parallel log-ins for one account from one address are the slow requests here;
    // the log-in throttle counts attempts before checking them, so it is opened wide.
    RATE_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: "1000/15m",
    RATE_LOGIN_FAILURES_PER_ACCOUNT: "1000/15m",
    RATE_LOGIN_FAILURES_PER_ADDRESS: "1000/1m",
    // One address may hold only a quarter of the hashing queue (a flood from one address must
    // not starve others); this test's dozen log-ins from one address must all wait their turn.
    PASSWORD_HASH_QUEUE: "1000",
    // The production cost, which test/app-process.ts lowers for other tests: the slow requests
    // this test drains are log-ins, slow because each hash is.
    PASSWORD_HASH_MEMORY_KIB: String(PRODUCTION_PASSWORD_COST.memoryCost),
    PASSWORD_HASH_TIME_COST: String(PRODUCTION_PASSWORD_COST.timeCost),
    ...extra,
  };
}

async function signup(app: AppProcess, username: string, password: string) {
  const res = await fetch(`${app.url}/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password, role: "member" }),
  });
  expect(res.status).toBe(201);
}

/** POST /login hashes with argon2id (~120 ms, at most 4 at once): a real slow request. */
function login(app: AppProcess, username: string, password: string) {
  return fetch(`${app.url}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }).toString(),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as { access_token?: string } }));
}

/**
 * A POST /login whose client sends the headers and 10 of the 100 bytes it announced, then
 * waits: the server holds the request open, reading its body, until the shutdown cuts it.
 * `sent` resolves once those bytes are written; `outcome` is "cut" when the connection closes
 * without an answer.
 */
function stalledUpload(app: AppProcess) {
  const { hostname, port } = new URL(app.url);
  let sent!: () => void;
  const written = new Promise<void>((resolve) => {
    sent = resolve;
  });
  const outcome = new Promise<string>((resolve) => {
    const req = http.request({
      host: hostname,
      port: Number(port),
      method: "POST",
      path: "/login",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "100" },
    });
    req.on("response", (res) => resolve(`answered ${res.statusCode}`));
    req.on("error", () => resolve("cut"));
    req.on("close", () => resolve("cut"));
    req.write("username=a", () => sent());
  });
  return { sent: written, outcome };
}

describe("graceful shutdown", () => {
  test("SIGTERM during steady load behind a load balancer: 0 failed requests, drain responses say Connection: close", async () => {
    // Two replicas on one database, and a load balancer as Kubernetes runs one: it polls /readyz
    // every 100 ms and stops routing to a replica that is not ready; a connection that is refused
    // (it never reached a replica) is retried on another one.
    const replicas = await Promise.all([
      startAppProcess({ env: env({ SHUTDOWN_DELAY_MS: "1000", SHUTDOWN_TIMEOUT_MS: "10000" }) }),
      startAppProcess({ env: env({ SHUTDOWN_DELAY_MS: "1000", SHUTDOWN_TIMEOUT_MS: "10000" }) }),
    ]);
    const [leaving] = replicas as [AppProcess, AppProcess];
    const ready = new Set(replicas);
    let balancing = true;
    const prober = (async () => {
      while (balancing) {
        for (const replica of replicas) {
          const ok = await fetch(`${replica.url}/readyz`).then(
            (r) => r.status === 200,
            () => false,
          );
          if (!ok) ready.delete(replica);
        }
        await Bun.sleep(100);
      }
    })();

    const failures: string[] = [];
    let answered = 0;
    let turn = 0;
    let running = true;
    async function client() {
      while (running) {
        const targets = [...ready];
        let done = false;
        for (let attempt = 0; attempt < targets.length && !done; attempt++) {
          const replica = targets[(turn++ + attempt) % targets.length] as AppProcess;
          try {
            const res = await fetch(`${replica.url}/api/clubs?limit=5`);
            await res.arrayBuffer();
            done = true;
            answered += 1;
            if (res.status >= 500) failures.push(`status ${res.status}`);
          } catch (error) {
            const code = (error as { code?: string }).code ?? String(error);
            // Refused: the request never reached a replica; the balancer tries the next one.
            if (!/refused/i.test(code)) {
              failures.push(code);
              done = true;
            }
          }
        }
      }
    }
    const clients = Array.from({ length: 8 }, () => client());
    await Bun.sleep(1000);
    leaving.proc.kill("SIGTERM");
    // The balancer stops routing to the leaving replica within ~100 ms, so ask it directly while
    // it drains (SHUTDOWN_DELAY_MS is 1 s): a client that still reaches it is told to close.
    await Bun.sleep(300);
    const duringDrain = await fetch(`${leaving.url}/api/clubs?limit=5`);
    await duringDrain.arrayBuffer();
    const code = await leaving.waitForExit(20_000);
    await Bun.sleep(500);
    running = false;
    balancing = false;
    await Promise.all([...clients, prober]);

    if (code !== 0 || failures.length > 0) console.error(leaving.output());
    console.log(`steady load through a SIGTERM: ${answered} answered, ${failures.length} failed`);
    expect(code).toBe(0);
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(100);
    // Requests that still reached the leaving replica while it drained were told to close.
    expect(duringDrain.status).toBe(200);
    expect(duringDrain.headers.get("connection")).toBe("close");
  });

  test("SIGTERM during 12 slow requests: every one completes, new connections are refused, exit 0", async () => {
    const app = await startAppProcess({ env: env({ SHUTDOWN_DELAY_MS: "0", SHUTDOWN_TIMEOUT_MS: "25000" }) });
    const username = `drain_${Math.random().toString(36).slice(2, 8)}`;
    const password = "correct-horse-battery";
    await signup(app, username, password);

    // 12 logins queue behind the 4 hashing slots: about 0.4 s of work in flight (more under load).
    let firstAnswered!: () => void;
    const firstAnswer = new Promise<void>((resolve) => {
      firstAnswered = resolve;
    });
    const inFlight = Array.from({ length: 12 }, () =>
      login(app, username, password).then((r) => {
        firstAnswered();
        return { ...r, answeredAt: Date.now() };
      }),
    );
    // The signal goes once the first log-in is answered: the server has been reading connections
    // for a whole hash by then, so all 12 have reached it, and the others are still hashing. A
    // fixed 60 ms wait raced a busy machine: a connection the server had not yet accepted when
    // it stopped listening was reset, a refusal the drain never promised to avoid.
    await firstAnswer;
    const signalledAt = Date.now();
    app.proc.kill("SIGTERM");

    const results = await Promise.all(inFlight).catch((error) => {
      console.error(app.output());
      throw error;
    });
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
    for (const r of results) expect(typeof r.body.access_token).toBe("string");
    // The work really was still running when the signal arrived.
    expect(results.filter((r) => r.answeredAt > signalledAt).length).toBeGreaterThan(0);

    const late = await fetch(`${app.url}/healthz`).then(
      (res) => res.status,
      () => "refused",
    );
    expect(late).toBe("refused");

    expect(await app.waitForExit(30_000)).toBe(0);
    expect(app.output()).toContain("shutdown: done");
  });

  test("requests still running after SHUTDOWN_TIMEOUT_MS are cut off and the process still exits 0", async () => {
    const app = await startAppProcess({ env: env({ SHUTDOWN_DELAY_MS: "0", SHUTDOWN_TIMEOUT_MS: "50" }) });
    const username = `cut_${Math.random().toString(36).slice(2, 8)}`;
    const password = "correct-horse-battery";
    await signup(app, username, password);
    // The signal goes once the first log-in is answered: the server is then surely working on the
    // others (2 cores hash a few at a time). A fixed 60 ms wait failed on a quiet machine, where
    // the requests had not reached the server yet and were all refused, none cut off.
    let firstAnswered!: () => void;
    const firstAnswer = new Promise<void>((resolve) => {
      firstAnswered = resolve;
    });
    const inFlight = Array.from({ length: 24 }, () =>
      login(app, username, password).then(
        (r) => {
          firstAnswered();
          return r.status;
        },
        () => "cut",
      ),
    );
    // One request is sure to be still running at the cut, however fast the machine answers the
    // log-ins (all 24 were once answered in time, and then nothing was cut): an upload whose
    // client sent its headers and a tenth of its body, and never the rest.
    const stalled = stalledUpload(app);
    await stalled.sent;
    await firstAnswer;
    app.proc.kill("SIGTERM");
    expect(await app.waitForExit(30_000)).toBe(0);
    expect(await stalled.outcome).toBe("cut");
    // The log-ins still queued lost their connection too, or were answered: none is left hanging.
    for (const outcome of await Promise.all(inFlight)) expect([200, 503, "cut"]).toContain(outcome);
    expect(app.output()).toContain("requests still in flight, closing them");
  });

  test("during the drain delay /readyz is 503 while requests are still served", async () => {
    const app = await startAppProcess({ env: env({ SHUTDOWN_DELAY_MS: "1500" }) });
    expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    app.proc.kill("SIGTERM");
    // The signal is handled at once; the drain delay (1.5 s) is the window the answers below use.
    const ready = await waitUntil("/readyz to turn 503", async () => {
      const res = await fetch(`${app.url}/readyz`);
      return res.status === 503 ? res : void (await res.arrayBuffer());
    });
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "shutting_down" });
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);

    const startedAt = Date.now();
    const code = await app.waitForExit(30_000);
    if (code !== 0) console.error(app.output());
    expect(code).toBe(0);
    // It waited for the load balancer, then exited well inside the 30 s grace period.
    expect(Date.now() - startedAt).toBeGreaterThan(800);
  });
});
