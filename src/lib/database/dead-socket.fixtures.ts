import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";

/**
 * Test-only: a "PostgreSQL" on a Unix socket that hangs up on every connection at once, as a
 * server going down mid-restart does. postgres.js's first write (the startup message) then
 * fails with a real `write EPIPE`, which drizzle wraps in a DrizzleQueryError: the error a
 * club message's notice insert met during the audit's restart.
 */
export async function startHangingUpDatabase() {
  const dir = mkdtempSync(join(tmpdir(), "clubnica-hangup-"));
  const port = 5432;
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((listening) => server.listen(join(dir, `.s.PGSQL.${port}`), listening));
  const client = postgres({ host: dir, port, max: 1, connect_timeout: 5, onnotice: () => {} });
  return {
    db: drizzle(client),
    close: async () => {
      await client.end({ timeout: 0 });
      await new Promise((closed) => server.close(closed));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
