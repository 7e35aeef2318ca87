import { appendFileSync } from "node:fs";
import postgres from "postgres";
import { parentPid, processCpuMs, treeCpuMs } from "./proc-cpu";

/**
 * CPU seconds per test file, for `scripts/bench/test-cpu.ts` (TEST_PROFILE=<file.jsonl>): the
 * machine CI runs on has two cores shared with other work, so wall clock says little about what
 * a file costs, while CPU time does. Three figures per file: the `bun test` process (with the
 * processes it started and waited for: apps under test, pg_dump), the PostgreSQL cluster it
 * runs against (the postmaster and every backend), and wall clock.
 *
 * A file's share ends after its last test (bun has no per-file hook in a preload): it therefore
 * holds the previous file's teardown and its own setup, both small beside the tests.
 */

/** The postmaster's pid: the parent of a backend this connection reaches (same machine only). */
async function findPostmaster(adminUrl: string): Promise<number | null> {
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
    return parentPid(row!.pid);
  } catch {
    return null;
  } finally {
    await sql.end();
  }
}

type Mark = { file: string; wall: number; bun: number; pg: number };

/**
 * Starts recording into `outFile` (JSON lines `{ file, wallMs, bunCpuMs, pgCpuMs }`).
 * Returns `afterEach` (note the moment a test ends) and `finish` (write the last file).
 */
export async function startCpuProfile(adminUrl: string, outFile: string) {
  const postmaster = await findPostmaster(adminUrl);
  const now = (file: string): Mark => ({
    file,
    wall: performance.now(),
    bun: processCpuMs("self", true),
    pg: postmaster ? treeCpuMs(postmaster) : 0,
  });
  // What came before the first file: Bun's start, the cluster's start, the migrated template.
  let previousEnd: Mark = { file: "", wall: 0, bun: 0, pg: 0 };
  let lastEnd: Mark | null = null;
  const write = (end: Mark) => {
    const row = {
      file: end.file,
      wallMs: Math.round(end.wall - previousEnd.wall),
      bunCpuMs: Math.round(end.bun - previousEnd.bun),
      pgCpuMs: Math.round(end.pg - previousEnd.pg),
    };
    appendFileSync(outFile, `${JSON.stringify(row)}\n`);
    previousEnd = end;
  };
  write(now("(start: PostgreSQL and the migrated template)"));
  return {
    afterEach() {
      const mark = now(Bun.main);
      if (lastEnd && lastEnd.file !== mark.file) write(lastEnd);
      lastEnd = mark;
    },
    finish() {
      if (lastEnd) write(now(lastEnd.file));
    },
  };
}
