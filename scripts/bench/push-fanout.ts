/**
 * Push fan-out benchmark (issue 33): one push to 10,000 people, each with one subscription,
 * through queuePushToMany (their settings, quiet hours) and the pg-boss queue, encrypted and signed
 * per subscription, to a local HTTPS push service in another process.
 *
 *   bun scripts/bench/push-fanout.ts          (SUBSCRIPTIONS=10000 to change)
 *
 * While the pushes go out, the API (this process, on a real socket) answers GET /api/clubs in a
 * loop; the script prints the total time, pushes per second and that call's latencies during the
 * fan-out. Figures, not a test; target: all delivered within 60 s with the API's p99 < 50 ms.
 */
import { createECDH, randomBytes } from "node:crypto";
import { workPushes } from "../../src/features/push/push-jobs";
import { makeTestCa } from "../../src/features/push/push-service.fixtures";
import { queuePushToMany } from "../../src/features/push/queue-push";
import { createBenchApp, formatLatency, startBenchPostgres } from "./support";

const SUBSCRIPTIONS = Number(process.env.SUBSCRIPTIONS ?? 10_000);
// Noon in Managua: outside everyone's quiet hours, so every push goes out at once.
const NOON = new Date("2026-11-26T18:00:00Z");

const tls = await makeTestCa();
const endpoint = Bun.spawn(["bun", `${import.meta.dir}/push-endpoint.ts`], {
  stdin: new Blob([JSON.stringify({ ...tls, expected: SUBSCRIPTIONS })]),
  stdout: "pipe",
  stderr: "inherit",
});
const lines = (async function* () {
  let buffer = "";
  for await (const chunk of endpoint.stdout) {
    buffer += new TextDecoder().decode(chunk);
    let newline = buffer.indexOf("\n");
    while (newline >= 0) {
      yield buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf("\n");
    }
  }
})();
const port = Number((await lines.next()).value?.split(" ")[1]);

const pg = await startBenchPostgres();
try {
  const url = await pg.createDatabase("bench_push_fanout");
  const { app, deps, client } = createBenchApp(url, "production", { PUSH_ENDPOINT_ALLOWLIST: "127.0.0.1" });
  deps.pushTestCa = tls.ca;
  const { sql } = client;
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const p256dh = ecdh.getPublicKey().toString("base64url");
  const auth = randomBytes(16).toString("base64url");
  const users = await sql<{ id: number }[]>`
    insert into users (username, password_hash) select 'push' || g, 'x'
    from generate_series(1, ${SUBSCRIPTIONS}::int) g returning id`;
  await sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth)
    select u.id, ${`https://127.0.0.1:${port}/push/`} || u.id, ${p256dh}, ${auth}
    from unnest(${users.map((u) => u.id)}::int[]) as u(id)`;
  await sql`
    insert into clubs (name, description) select 'Club ' || g, 'Un club' from generate_series(1, 50) g`;
  await sql`analyze`;

  await deps.jobs.start();
  await workPushes(deps);
  app.listen({ port: 0, hostname: "127.0.0.1" });
  const api = `http://127.0.0.1:${app.server?.port}/api/clubs?limit=20`;
  for (let i = 0; i < 20; i++) await (await fetch(api)).arrayBuffer();

  let delivered = false;
  const done = (async () => {
    for await (const line of lines) if (line.startsWith("done")) return;
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

  const started = performance.now();
  const notice = {
    title: "Nuevo evento",
    body: "Feria de ciencias",
    path: "/clubs/1",
    tag: "club-1",
    kind: "event",
  };
  // The fan-out of a club post to its members, 1,000 people per call.
  const ids = users.map((u) => u.id);
  for (let i = 0; i < ids.length; i += 1000) {
    await queuePushToMany(deps, ids.slice(i, i + 1000), notice, { now: NOON });
  }
  const queuedMs = performance.now() - started;
  await done;
  const totalMs = performance.now() - started;
  await probing;

  latencies.sort((a, b) => a - b);
  console.log(`subscriptions: ${SUBSCRIPTIONS}`);
  console.log(`queued (queuePushToMany, 1,000 people a call): ${(queuedMs / 1000).toFixed(1)} s`);
  console.log(
    `all delivered: ${(totalMs / 1000).toFixed(1)} s  (${Math.round(SUBSCRIPTIONS / (totalMs / 1000))} pushes/s)`,
  );
  console.log(`GET /api/clubs during the fan-out (${latencies.length} calls): ${formatLatency(latencies)}`);
  await app.stop(true);
  await deps.jobs.stop(5000);
  await client.close();
} finally {
  endpoint.kill();
  await pg.stop();
}
