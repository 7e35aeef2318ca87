/**
 * Push lag under a busy chat (issue 46, item 3): RATE chat messages a second for SECONDS seconds
 * into clubs of 50–500 members, every member with a push subscription (quiet hours off); each
 * message's notices and their push job are written in the message's transaction, the notice-push
 * worker sends the pushes to a local HTTPS push service. WORKERS=separate (the default) runs the
 * job workers in their own process (a JOB_WORKERS=on replica, scripts/bench/push-worker.ts);
 * WORKERS=inline in the API's process, as a single server does. Prints, from the database, the lag from each notice (the message that brought it to
 * the count pushed) to its push accepted by the push service: p50, p99, max; and the backlog.
 *
 *   bun scripts/bench/push-lag.ts   (RATE=50 SECONDS=60 SIZES=50,100,200,300,400,500 WORKERS=separate)
 *
 * Figures, not a test. Target: notice-to-push-sent p99 under 30 s.
 */
import { jwt } from "@elysiajs/jwt";
import { makeBrowserKeys } from "../../src/features/push/browser-keys.fixtures";
import { makeTestCa, startPushService } from "../../src/features/push/push-service.fixtures";
import { startWorkers } from "../../src/jobs";
import { BENCH_JWT_SECRET, createBenchApp, formatLatency, startBenchPostgres } from "./support";

const RATE = Number(process.env.RATE ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 60);
const SIZES = (process.env.SIZES ?? "50,100,200,300,400,500").split(",").map(Number);
const SEPARATE = (process.env.WORKERS ?? "separate") !== "inline";

const tls = await makeTestCa();
const service = await startPushService(tls);
const pg = await startBenchPostgres();
let worker: { kill: () => void } | null = null;
try {
  const url = await pg.createDatabase(`bench_push_lag_${process.pid}`);
  const { app, deps, client } = createBenchApp(url, "production", {
    PUSH_ENDPOINT_ALLOWLIST: "127.0.0.1",
    RATE_MESSAGES_PER_ACCOUNT: "1000000/1m",
    RATE_MESSAGES_PER_ADDRESS: "1000000/1m",
    JOB_WORKERS: SEPARATE ? "off" : "on",
  });
  deps.pushTestCa = tls.ca;
  const { sql } = client;
  const keys = makeBrowserKeys();
  const signer = jwt({ name: "jwt", secret: BENCH_JWT_SECRET, exp: "1h" }).decorator.jwt;
  const clubs: { id: number; token: string }[] = [];
  for (const [i, size] of SIZES.entries()) {
    const [owner] = await sql<{ id: number; username: string }[]>`
      insert into users (username, password_hash, role) values (${`owner${i}`}, 'x', 'owner') returning id, username`;
    const [club] = await sql<{ id: number }[]>`
      insert into clubs (name, description, owner_id, member_count)
      values (${`Club ${size}`}, 'Chat', ${owner!.id}, ${size}) returning id`;
    await sql`
      with u as (insert into users (username, password_hash)
        select ${`c${i}m`} || g, 'x' from generate_series(1, ${size}::int) g returning id)
      insert into club_members (club_id, user_id) select ${club!.id}, id from u`;
    // Owners do not write in their club's chat: a member of its own sends the messages.
    const [sender] = await sql<{ id: number; username: string }[]>`
      insert into users (username, password_hash, role) values (${`sender${i}`}, 'x', 'member') returning id, username`;
    await sql`insert into club_members (club_id, user_id) values (${club!.id}, ${sender!.id})`;
    const token = await signer.sign({ sub: sender!.username, id: sender!.id, role: "member", ver: 0 });
    clubs.push({ id: club!.id, token });
  }
  await sql`
    insert into user_notification_settings (user_id, settings)
    select id, '{"quiet_hours": null}'::jsonb from users where role = 'member' and username not like 'sender%'`;
  await sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth)
    select id, ${`${service.origin}/push/`} || id, ${keys.p256dh}, ${keys.auth} from users where role = 'member' and username not like 'sender%'`;
  await sql`analyze`;
  await deps.jobs.start();
  await startWorkers(deps);
  if (SEPARATE) {
    const spawned = Bun.spawn(["bun", `${import.meta.dir}/push-worker.ts`], {
      stdin: new Blob([JSON.stringify({ url, ca: tls.ca, allowlist: "127.0.0.1" })]),
      stdout: "pipe",
      stderr: "inherit",
    });
    worker = spawned;
    const reader = spawned.stdout.getReader();
    const ready = new TextDecoder().decode((await reader.read()).value);
    if (!ready.startsWith("ready")) throw new Error("the worker process did not start");
  }

  // The load: one message every 1/RATE s, round robin over the clubs.
  const started = performance.now();
  const total = RATE * SECONDS;
  const inFlight: Promise<void>[] = [];
  let refused = 0;
  const answered: number[] = [];
  for (let n = 0; n < total; n++) {
    const due = started + (n * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    const club = clubs[n % clubs.length]!;
    const sentAt = performance.now();
    inFlight.push(
      app
        .handle(
          new Request(`http://localhost/api/messages/club/${club.id}`, {
            method: "POST",
            headers: { authorization: `Bearer ${club.token}`, "content-type": "application/json" },
            body: JSON.stringify({ content: `Mensaje ${n}` }),
          }),
        )
        .then(async (res) => {
          answered.push(performance.now() - sentAt);
          if (res.status !== 201) {
            refused++;
            if (refused === 1) console.error(`first refusal: ${res.status} ${await res.clone().text()}`);
          }
          await res.arrayBuffer();
        }),
    );
  }
  await Promise.all(inFlight);
  const loadSeconds = (performance.now() - started) / 1000;
  const [left] = await sql<{ n: number }[]>`
    select count(*)::int as n from pgboss.job where name = 'notice-push' and state < 'completed'`;
  // Then the backlog drains (bounded at 5 minutes).
  const drainStart = performance.now();
  for (;;) {
    const [open] = await sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job where name in ('notice-push', 'push-send') and state < 'completed'`;
    if (open!.n === 0 || performance.now() - drainStart > 300_000) break;
    await Bun.sleep(200);
  }
  const drainSeconds = (performance.now() - drainStart) / 1000;

  // A delivery's key is notice:<id>:<count>; nobody reads in this run, so a member's count k in
  // a club is that club's k-th message, whose created_at is when the notice reached k.
  const [lag] = await sql<{ pushes: number; p50: number; p99: number; max: number }[]>`
    with m as (
      select club_id, created_at, row_number() over (partition by club_id order by id) as k
      from messages where club_id is not null),
    d as (
      select split_part(key, ':', 2)::int as notice_id, split_part(key, ':', 3)::int as count, sent_at
      from push_deliveries where key like 'notice:%')
    select count(*)::int as pushes,
      percentile_cont(0.5) within group (order by extract(epoch from d.sent_at - m.created_at)) as p50,
      percentile_cont(0.99) within group (order by extract(epoch from d.sent_at - m.created_at)) as p99,
      max(extract(epoch from d.sent_at - m.created_at)) as max
    from d join user_notices n on n.id = d.notice_id join m on m.club_id = n.club_id and m.k = d.count`;
  const [messages] = await sql<{ n: number }[]>`select count(*)::int as n from messages`;
  const members = SIZES.reduce((a, b) => a + b, 0);
  console.log(`job workers: ${SEPARATE ? "own process" : "API's process"}`);
  console.log(
    `${messages!.n} messages in ${loadSeconds.toFixed(1)} s (${RATE}/s asked, ${refused} refused) into ${SIZES.length} clubs of ${SIZES.join("/")} members (${members} subscriptions)`,
  );
  answered.sort((a, b) => a - b);
  console.log(`POST /api/messages/club/:id meanwhile: ${formatLatency(answered)}`);
  console.log(
    `notice-push jobs waiting when the load stopped: ${left!.n}; backlog drained ${drainSeconds.toFixed(1)} s later`,
  );
  console.log(
    `pushes accepted: ${lag!.pushes} (${service.received.length} received); notice to push sent: p50 ${Number(lag!.p50).toFixed(1)} s, p99 ${Number(lag!.p99).toFixed(1)} s, max ${Number(lag!.max).toFixed(1)} s`,
  );
  await deps.jobs.stop(5000);
  await client.close();
} finally {
  worker?.kill();
  service.stop();
  await pg.stop();
}
