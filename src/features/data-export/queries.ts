import { and, eq, lt, or, sql } from "drizzle-orm";
import { dataExports } from "../../../db/schema";
import type { Executor } from "../../lib/database/client";

/** The caller's export row without the file itself (status checks must not read megabytes). */
export async function findExport(db: Executor, userId: number) {
  const [row] = await db
    .select({
      status: dataExports.status,
      requestedAt: dataExports.requestedAt,
      expiresAt: dataExports.expiresAt,
      byteSize: dataExports.byteSize,
    })
    .from(dataExports)
    .where(eq(dataExports.userId, userId));
  return row ?? null;
}

/** The ready file, if any, with its expiry (the caller decides between 200 and 410). */
export async function findExportFile(db: Executor, userId: number) {
  const [row] = await db
    .select({ file: dataExports.file, expiresAt: dataExports.expiresAt, readyAt: dataExports.readyAt })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, "ready")));
  return row ?? null;
}

/** A new request replaces any earlier file: only one file per person is kept. */
export async function upsertPendingExport(db: Executor, userId: number, requestedAt: Date) {
  const pending = {
    status: "pending" as const,
    requestedAt,
    readyAt: null,
    expiresAt: null,
    file: null,
    byteSize: null,
  };
  await db
    .insert(dataExports)
    .values({ userId, ...pending })
    .onConflictDoUpdate({ target: dataExports.userId, set: pending });
}

/**
 * Stores the built file for the request it was built for; false when that request is gone (the
 * account was deleted, or a newer request replaced it and its own job builds the newer file).
 */
export async function storeExportFile(
  db: Executor,
  {
    userId,
    requestedAt,
    file,
    expiresAt,
  }: { userId: number; requestedAt: Date; file: Uint8Array; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({
      status: "ready",
      file: Buffer.from(file),
      byteSize: file.byteLength,
      readyAt: new Date(),
      expiresAt,
    })
    .where(
      and(
        eq(dataExports.userId, userId),
        eq(dataExports.status, "pending"),
        eq(dataExports.requestedAt, requestedAt),
      ),
    )
    .returning({ userId: dataExports.userId });
  return rows.length > 0;
}

/** Expired files, and requests whose job never finished long ago; returns how many went. */
export async function deleteExpiredExports(
  db: Executor,
  { stalePendingBefore }: { stalePendingBefore: Date },
) {
  const rows = await db
    .delete(dataExports)
    .where(
      or(
        lt(dataExports.expiresAt, sql`now()`),
        and(eq(dataExports.status, "pending"), lt(dataExports.requestedAt, stalePendingBefore)),
      ),
    )
    .returning({ userId: dataExports.userId });
  return rows.length;
}
