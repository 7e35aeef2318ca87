import { describe, expect, test } from "bun:test";
import postgres from "postgres";
import { dropDatabase, withDatabase } from "../../../test/database";
import { databaseOver } from "./client";
import { isMigrated } from "./migrate";
import { expectedMigrationCount } from "./migration-journal";

describe("migrations", () => {
  test("two processes migrating the same empty database at once both succeed, once", async () => {
    const adminUrl = process.env.CLUBNICA_TEST_ADMIN_URL!;
    const name = `clubnica_mig_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    await admin.end();
    const url = withDatabase(adminUrl, name);
    const script = `import { runMigrations } from "./src/lib/database/migrate"; await runMigrations(process.env.URL);`;
    const spawn = () =>
      Bun.spawn(["bun", "-e", script], { env: { ...process.env, URL: url }, stdout: "pipe", stderr: "pipe" });
    const [a, b] = [spawn(), spawn()];
    const codes = await Promise.all([a.exited, b.exited]);
    const errors = await Promise.all([new Response(a.stderr).text(), new Response(b.stderr).text()]);
    expect({ codes, errors }).toEqual({ codes: [0, 0], errors: ["", ""] });
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
      expect(rows[0]?.n).toBe(expectedMigrationCount());
      expect(await isMigrated(databaseOver(sql))).toBe(true);
    } finally {
      await sql.end();
      await dropDatabase(adminUrl, name);
    }
  });
});
