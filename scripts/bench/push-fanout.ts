/**
 * Push fan-out benchmark (issue 33): an owner posts in a club of 10,000 members, each with one
 * push subscription; the post's notices are fanned out by their job, every notice becomes a push
 * through the notice bridge, and each push is encrypted and signed for its subscription and sent
 * to a local HTTPS push service in another process.
 *
 *   bun scripts/bench/push-fanout.ts          (MEMBERS=10000; WORKERS=separate or inline)
 *
 * WORKERS=separate (the default) runs the job workers in their own process, as a JOB_WORKERS=on
 * replica beside JOB_WORKERS=off web replicas does; WORKERS=inline runs them in the API's
 * process, as a single server does. While the pushes go out, the API (this process, on a real
 * socket) answers GET /api/clubs in a loop; the script prints the time from the post to the last
 * push received, pushes per second, and that call's latencies meanwhile. Figures, not a test;
 * target: all delivered within 60 s with the API's p99 < 50 ms.
 */
import { jwt } from "@elysiajs/jwt";
import { makeBrowserKeys } from "../../src/features/push/browser-keys.fixtures";
import { makeTestCa } from "../../src/features/push/push-service.fixtures";
import { startWorkers } from "../../src/jobs";
import { BENCH_JWT_SECRET, createBenchApp, formatLatency, startBenchPostgres } from "./support";

const MEMBERS = Number(process.env.MEMBERS ?? process.env.SUBSCRIPTIONS ?? 10_000);
const SEPARATE = (process.env.WORKERS ?? "separate") !== "inline";
const ALLOWLIST = "127.0.0.1";

/** A child's stdout as lines. */
async function* linesOf(stream: ReadableStream<Uint8Array>) {
  let buffer = "";
  const decoder = new TextDecoder();
  for await (const chunk of stream) {
    buffer += decoder.decode(chunk, { stream: true });
    for (let newline = buffer.indexOf("\n"); newline >= 0; newline = buffer.indexOf("\n")) {
      yield buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
    }
  }
}

const tls = await makeTestCa();
const endpoint = Bun.spawn(["bun", `${import.meta.dir}/push-endpoint.ts`], {
  stdin: new Blob([JSON.stringify({ ...tls, expected: MEMBERS })]),
  stdout: "pipe",
  stderr: "inherit",
});
const endpointLines = linesOf(endpoint.stdout);
const port = Number((await endpointLines.next()).value?.split(" ")[1]);
let worker: { kill: () => void } | null = null;

const pg = await startBenchPostgres();
try {
  const url = await pg.createDatabase("bench_push_fanout");
  const { app, deps, client } = createBenchApp(url, "production", {
    PUSH_ENDPOINT_ALLOWLIST: ALLOWLIST,
    JOB_WORKERS: SEPARATE ? "off" : "on",
  });
  deps.pushTestCa = tls.ca;
  const { sql } = client;

  // A club of MEMBERS people, each with one subscription (one shared key pair: the encryption
  // work per push is the same), and quiet hours off so every push goes out whatever the hour.
  const [owner] = await sql<{ id: number; username: string }[]>`
    insert into users (username, password_hash, role) values ('bench_owner', 'x', 'owner') returning id, username`;
  const [club] = await sql<{ id: number }[]>`
    insert into clubs (name, description, owner_id) values ('Club de Robótica', 'Robots', ${owner!.id}) returning id`;
  await sql`
    insert into users (username, password_hash) select 'member' || g, 'x' from generate_series(1, ${MEMBERS}::int) g`;
  await sql`
    insert into club_members (club_id, user_id) select ${club!.id}, id from users where username like 'member%'`;
  await sql`
    insert into user_notification_settings (user_id, settings)
    select id, '{"quiet_hours": null}'::jsonb from users where username like 'member%'`;
  const keys = makeBrowserKeys();
  await sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth)
    select id, ${`https://127.0.0.1:${port}/push/`} || id, ${keys.p256dh}, ${keys.auth}
    from users where username like 'member%'`;
  await sql`
    insert into clubs (name, description) select 'Club ' || g, 'Un club' from generate_series(1, 50) g`;
  await sql`analyze`;

  await deps.jobs.start();
  await startWorkers(deps);
  if (SEPARATE) {
    const spawned = Bun.spawn(["bun", `${import.meta.dir}/push-worker.ts`], {
      stdin: new Blob([JSON.stringify({ url, ca: tls.ca, allowlist: ALLOWLIST })]),
      stdout: "pipe",
      stderr: "inherit",
    });
    worker = spawned;
    const ready = await linesOf(spawned.stdout).next();
    if (ready.value !== "ready") throw new Error("the worker process did not start");
  }
  app.listen({ port: 0, hostname: "127.0.0.1" });
  const base = `http://127.0.0.1:${app.server?.port}`;
  const api = `${base}/api/clubs?limit=20`;
  for (let i = 0; i < 20; i++) await (await fetch(api)).arrayBuffer();

  let delivered = false;
  const done = (async () => {
    for await (const line of endpointLines) if (line.startsWith("done")) return;
  })().then(() => {
    delivered = true;
  });
  const latencies: number[] = [];
  const probing = (async () => {
    while (!delivered) {
      const t0 = performance.now();
      await (await fetch(api)).arrayBuffer();
      latencies.push(performance.now() - t0);
    }
  })();

  const signer = jwt({ name: "jwt", secret: BENCH_JWT_SECRET, exp: "1h" }).decorator.jwt;
  const token = await signer.sign({ sub: owner!.username, id: owner!.id, role: "owner", ver: 0 });
  const form = new FormData();
  form.set("club_id", String(club!.id));
  form.set("title", "Feria de robots");
  form.set("content", "Traigan sus prototipos el sábado.");
  const started = performance.now();
  const posted = await fetch(`${base}/api/posts`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const postMs = performance.now() - started;
  if (posted.status !== 201) throw new Error(`the post was refused: ${posted.status} ${await posted.text()}`);
  await done;
  const totalMs = performance.now() - started;
  await probing;

  latencies.sort((a, b) => a - b);
  console.log(
    `members with a subscription: ${MEMBERS}; job workers: ${SEPARATE ? "own process" : "API's process"}`,
  );
  console.log(`POST /api/posts answered in ${postMs.toFixed(0)} ms`);
  console.log(
    `post to last push received: ${(totalMs / 1000).toFixed(1)} s  (${Math.round(MEMBERS / (totalMs / 1000))} pushes/s)`,
  );
  console.log(`GET /api/clubs during the fan-out (${latencies.length} calls): ${formatLatency(latencies)}`);
  await app.stop(true);
  await deps.jobs.stop(5000);
  await client.close();
} finally {
  worker?.kill();
  endpoint.kill();
  await pg.stop();
}
