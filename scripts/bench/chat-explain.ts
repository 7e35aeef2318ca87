import postgres from "postgres";
import { findClubPage, findDirectPage, listConversationRows, UNREAD_CAP } from "../../src/features/chat";
import { databaseOver } from "../../src/lib/database/client";
import { countNotifications } from "../../src/lib/database/hot-statements";
import type { ChatSeed } from "./chat-seed";

/**
 * Runs each hot query once through a client that records its SQL, then prints EXPLAIN ANALYZE
 * of exactly that statement: which indexes it walks and how long PostgreSQL spends on it.
 */
export async function explainHotQueries(databaseUrl: string, seeded: ChatSeed) {
  let captured: { query: string; params: unknown[] } | null = null;
  const recorder = postgres(databaseUrl, {
    max: 1,
    onnotice: () => {},
    debug: (_connection, query, params) => {
      captured = { query, params: params as unknown[] };
    },
  });
  const recorded = databaseOver(recorder);
  const me = seeded.bench[0]!.id;
  const partner = seeded.benchPartners.get(me)![0]!;
  const club = seeded.clubIds[0]!;
  const [newest] = await recorder<{ id: string }[]>`
    select max(id) as id from messages where user_low = ${Math.min(me, partner)} and user_high = ${Math.max(me, partner)}`;
  const cases: [string, () => Promise<unknown>][] = [
    [
      "direct chat poll (?after=, nothing new)",
      () =>
        findDirectPage(recorded, {
          userId: me,
          otherId: partner,
          key: `user:${partner}`,
          window: { kind: "after", cursor: Number(newest!.id), limit: 50 },
        }),
    ],
    [
      "club chat, newest page",
      () =>
        findClubPage(recorded, {
          channel: "club",
          userId: me,
          clubId: club,
          key: `club:${club}`,
          window: { kind: "latest", limit: 50 },
        }),
    ],
    [
      "notification count",
      () => countNotifications(recorded, { userId: me, role: "member", unreadCap: UNREAD_CAP }),
    ],
    ["conversation list", () => listConversationRows(recorded, { userId: me, unreadCap: UNREAD_CAP })],
  ];
  try {
    for (const [name, run] of cases) {
      captured = null;
      await run();
      const statement = captured as { query: string; params: unknown[] } | null;
      if (!statement) continue;
      const plan = await recorder.unsafe(
        `explain (analyze, costs off, summary on) ${statement.query}`,
        statement.params as never[],
      );
      const lines = plan.map((row) => String(row["QUERY PLAN"]));
      const indexes = [...new Set(lines.flatMap((l) => /using (\w+)/.exec(l)?.[1] ?? []))];
      const timing = lines.filter((l) => /^(Planning|Execution) Time/.test(l)).join(", ");
      console.log(`  ${name}: ${timing}; indexes: ${indexes.join(", ") || "none"}`);
      if (process.env.EXPLAIN === "full") console.log(lines.map((l) => `      ${l}`).join("\n"));
    }
  } finally {
    await recorder.end();
  }
}
