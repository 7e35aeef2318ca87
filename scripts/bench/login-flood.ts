/**
 * A right log-in's latency while one address floods POST /login with made-up usernames, the
 * audit's case (issue 46, item 4: from 130 ms to 6.7 s before failed log-ins were budgeted per
 * address). The app runs as its own process (`bun src/main.ts`, production cost: argon2id,
 * 64 MiB, ~120 ms a hash) and every client has its own loopback address. Phases:
 *   quiet       right log-ins from 127.0.0.3 alone
 *   one address 100 concurrent made-up log-ins, again and again, from 127.0.0.2
 *   100 addresses the same from 127.0.1.1 … 127.0.1.100 (each under its own budget: the
 *               process's hashing queue is what bounds them)
 * Prints the right log-ins' p50/p99 and answers (from 127.0.0.3 without cookies, like curl, and
 * from 127.0.0.4 with the device cookie of an earlier log-in), the flood's answers and the hashes it cost
 * (clubnica_password_checks_total). The flood runs in a process of its own (login-flood-client.ts).
 * APP_DIR runs another checkout (an older commit, to compare).
 *
 *   bun scripts/bench/login-flood.ts            DURATION=10 (seconds per phase), PACE_MS=1000
 */
import { freePort } from "../../src/lib/net";
import { callFrom } from "../../test/socket-client";
import { BENCH_JWT_SECRET, formatLatency, startBenchPostgres } from "./support";

const DURATION_MS = Number(process.env.DURATION ?? 10) * 1000;
// Each flood client's pause after an answer (ms): 1000 keeps the flood near 100 log-ins a second.
const PACE_MS = Number(process.env.PACE_MS ?? 1000);
const APP_DIR = process.env.APP_DIR ?? `${import.meta.dir}/../..`;
const pg = await startBenchPostgres();
const url = await pg.createDatabase(`bench_login_${process.pid}`);
const [port, metricsPort] = [await freePort(), await freePort()];
const app = Bun.spawn(["bun", "src/main.ts"], {
  cwd: APP_DIR,
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: url,
    JWT_SECRET: BENCH_JWT_SECRET,
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    SHUTDOWN_DELAY_MS: "0",
    JOB_WORKERS: "off",
  },
  stdout: "ignore",
  stderr: "inherit",
});
const base = `http://127.0.0.1:${port}`;

async function passwordChecks(): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith("clubnica_password_checks_total "));
  return line ? Number(line.split(" ")[1]) : 0;
}

function tally(into: Map<number, number>, status: number) {
  into.set(status, (into.get(status) ?? 0) + 1);
}

const show = (answers: Map<number, number>) =>
  [...answers]
    .sort((a, b) => a[0] - b[0])
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");

try {
  for (let i = 0; i < 300; i++) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    if (ready === 200) break;
    await Bun.sleep(100);
  }
  const student = { username: "bench_student", password: "correct-horse-battery" };
  const signup = await callFrom(base, "POST", "/signup", { from: "127.0.0.9", json: student });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);

  // The student's phone: a device cookie from a first log-in (none on a checkout without them).
  const first = await callFrom(base, "POST", "/login", { from: "127.0.0.4", json: student });
  const deviceCookie = first.headers["set-cookie"]?.split(";")[0];

  /** Right log-ins from `from`, one after another, until `until`. */
  async function measureRightLogins(until: number, from: string, cookie?: string) {
    const latencies: number[] = [];
    const answers = new Map<number, number>();
    while (Date.now() < until) {
      const started = performance.now();
      const res = await callFrom(base, "POST", "/login", {
        from,
        json: student,
        headers: cookie ? { cookie } : {},
      });
      latencies.push(performance.now() - started);
      tally(answers, res.status);
      await Bun.sleep(50);
    }
    return { latencies: latencies.sort((a, b) => a - b), answers };
  }

  /** The flood, from a process of its own (login-flood-client.ts): its answers by status. */
  async function flood(mode: "one" | "many") {
    const child = Bun.spawn(
      ["bun", `${import.meta.dir}/login-flood-client.ts`, base, mode, String(DURATION_MS), String(PACE_MS)],
      {
        stdout: "pipe",
        stderr: "inherit",
      },
    );
    const answers = JSON.parse(await new Response(child.stdout).text()) as Record<string, number>;
    return new Map(Object.entries(answers).map(([status, n]) => [Number(status), n]));
  }

  async function phase(name: string, mode: "one" | "many" | null) {
    const before = await passwordChecks();
    const until = Date.now() + DURATION_MS;
    const [right, phone, attack] = await Promise.all([
      measureRightLogins(until, "127.0.0.3"),
      deviceCookie ? measureRightLogins(until, "127.0.0.4", deviceCookie) : null,
      mode ? flood(mode) : Promise.resolve(new Map<number, number>()),
    ]);
    const hashes = (await passwordChecks()) - before;
    console.log(
      `${name.padEnd(14)} right log-ins ${formatLatency(right.latencies)}  answers ${show(right.answers)}` +
        (phone
          ? `\n${"".padEnd(14)} with device cookie ${formatLatency(phone.latencies)}  answers ${show(phone.answers)}`
          : "") +
        (mode ? `\n${"".padEnd(14)} flood answers ${show(attack)}` : "") +
        `\n${"".padEnd(14)} passwords hashed ${hashes} in ${DURATION_MS / 1000} s`,
    );
  }

  console.log(
    `POST /login, production cost, ${DURATION_MS / 1000} s a phase, flood pace ${PACE_MS} ms (app: ${APP_DIR})`,
  );
  await phase("quiet", null);
  await phase("one address", "one");
  await phase("100 addresses", "many");
} finally {
  app.kill();
  await app.exited;
  await pg.stop();
}
