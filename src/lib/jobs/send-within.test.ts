import { afterAll, beforeAll, expect, test } from "bun:test";
import { createTestDatabase } from "../../../test/app-process";
import { connectDatabase, type DatabaseClient } from "../database/client";
import { createLogger } from "../logger";
import { type JobQueue, startJobQueue } from "./queue";

/**
 * A job sent through the caller's transaction exists exactly when that transaction commits:
 * what the notices' push jobs and the morning summary rely on (docs/push.md).
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let client: DatabaseClient;
let jobs: JobQueue;

beforeAll(async () => {
  database = await createTestDatabase();
  client = connectDatabase(database.url, { max: 2 });
  jobs = await startJobQueue({
    databaseUrl: database.url,
    logger: createLogger("silent"),
    runWorkers: false,
  });
  await jobs.declare("tx-probe", {});
});

afterAll(async () => {
  await jobs.stop(1000);
  await client.close();
  await database.drop();
});

async function jobsFor(marker: string) {
  return await client.sql`select id from pgboss.job where name = 'tx-probe' and data->>'marker' = ${marker}`;
}

test("a job sent in a transaction that rolls back never exists; one that commits does", async () => {
  const failing = client.db.transaction(async (tx) => {
    await jobs.sendWithin(tx, "tx-probe", { marker: "rolled-back" });
    // Not visible outside the transaction before it commits.
    expect(await jobsFor("rolled-back")).toHaveLength(0);
    throw new Error("the write failed");
  });
  await expect(failing).rejects.toThrow("the write failed");
  expect(await jobsFor("rolled-back")).toHaveLength(0);

  await client.db.transaction(async (tx) => {
    await jobs.sendWithin(tx, "tx-probe", { marker: "committed" });
  });
  expect(await jobsFor("committed")).toHaveLength(1);
});
