/**
 * NOTIFY's ceiling: how many committed chat messages a second one PostgreSQL primary carries to
 * a listening app process through the change bus (each message's trigger NOTIFYs its club's key
 * at commit; src/lib/database/change-bus.ts listens).
 *
 *   bun scripts/bench/notify-ceiling.ts       (DURATION=10 WRITERS=1,4,16,32 to change them)
 *
 * For each number of concurrent writers, inserts messages (one transaction each, through the
 * real trigger) into 50 clubs for DURATION seconds while one LISTEN connection counts what it
 * hears, then prints messages committed per second, NOTIFYs heard per second and the
 * commit-to-heard lag. Figures, not a test (docs/live.md says what to do past the ceiling).
 */
import postgres from "postgres";
import { percentile, startBenchPostgres } from "./support";

const DURATION_MS = Number(process.env.DURATION ?? 10) * 1000;
const WRITERS = (process.env.WRITERS ?? "1,4,16,32").split(",").map(Number);
const CLUBS = 50;

const pg = await startBenchPostgres();
try {
  const url = await pg.createDatabase("bench_notify");
  const setup = postgres(url, { max: 1, onnotice: () => {} });
  const [sender] = await setup<{ id: number }[]>`
    insert into users (username, password_hash) values ('bench_sender', 'x') returning id`;
  const clubs = await setup<{ id: number }[]>`
    insert into clubs (name, description) select 'Club ' || g, 'bench' from generate_series(1, ${CLUBS}) g returning id`;
  await setup`insert into club_members (club_id, user_id) select id, ${sender!.id} from clubs`;
  await setup.end();

  console.log(`NOTIFY ceiling: ${CLUBS} clubs, ${DURATION_MS / 1000} s per run, one listener`);
  for (const writers of WRITERS) {
    const listener = postgres(url, { max: 1, onnotice: () => {} });
    const lags: number[] = [];
    let heard = 0;
    await listener.listen("clubnica_keys", (payload) => {
      heard += 1;
      const sentAt = Number(payload.split(" ")[0]);
      if (Number.isFinite(sentAt)) lags.push(Date.now() - sentAt);
    });
    const sql = postgres(url, { max: writers, onnotice: () => {} });
    let committed = 0;
    const deadline = Date.now() + DURATION_MS;
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; Date.now() < deadline; i++) {
          const club = clubs[(w + i) % clubs.length]!.id;
          await sql`insert into messages (sender_id, club_id, content) values (${sender!.id}, ${club}, ${`m${w}-${i}`})`;
          committed += 1;
        }
      }),
    );
    await Bun.sleep(500);
    lags.sort((a, b) => a - b);
    const seconds = DURATION_MS / 1000;
    console.log(
      `  ${String(writers).padStart(2)} writers: ${(committed / seconds).toFixed(0)} messages/s committed, ` +
        `${(heard / seconds).toFixed(0)} NOTIFYs/s heard, lag p50 ${percentile(lags, 50)} ms, p99 ${percentile(lags, 99)} ms`,
    );
    await sql.end();
    await listener.end();
  }
} finally {
  await pg.stop();
}
