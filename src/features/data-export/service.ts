import type { DataExportStatus } from "../../../common/api/data-export";
import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import type { Executor } from "../../lib/database/client";
import { Conflict, Gone, NotFound } from "../../lib/errors";
import { requestLocale } from "../../platform/locale/request-locale";
import { limitDataExports } from "../../platform/rate-limits/actions";
import { queueDataExport, STALE_PENDING_MS } from "./export-jobs";
import { findExport, findExportFile, upsertPendingExport } from "./queries";

type ExportRow = Awaited<ReturnType<typeof findExport>>;

function toStatus(row: ExportRow, now = new Date()): DataExportStatus {
  const live = row && (row.status === "pending" || (row.expiresAt !== null && row.expiresAt > now));
  if (!row || !live) return { status: "none", requested_at: null, expires_at: null, byte_size: null };
  return {
    status: row.status,
    requested_at: row.requestedAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    byte_size: row.byteSize,
  };
}

export async function getExportStatus({ db, userId }: { db: Executor; userId: number }) {
  return toStatus(await findExport(db, userId));
}

/**
 * Asks for a new file, built by a job. Asking again while one is being built changes nothing
 * (and costs nothing against the limit); a request stuck for an hour may be made again. A new
 * request replaces a ready file.
 */
export async function requestExport({
  deps,
  userId,
}: {
  deps: Pick<AppDeps, "db" | "config" | "jobs">;
  userId: number;
}): Promise<DataExportStatus> {
  const current = await findExport(deps.db, userId);
  const building =
    current?.status === "pending" && Date.now() - current.requestedAt.getTime() < STALE_PENDING_MS;
  if (building) return toStatus(current);
  await limitDataExports({ deps, userId });
  // Milliseconds only, so the time read back from PostgreSQL equals this one exactly.
  await upsertPendingExport(deps.db, userId, new Date());
  await queueDataExport(deps, { userId, locale: requestLocale() });
  return toStatus(await findExport(deps.db, userId));
}

/** The ready file: 404 when there is none, 409 while it is built, 410 once expired. */
export async function downloadExport({ db, userId }: { db: Executor; userId: number }) {
  const row = await findExportFile(db, userId);
  if (!row?.file || !row.expiresAt || !row.readyAt) {
    if ((await findExport(db, userId))?.status === "pending") throw new Conflict(m.dataExport.stillPreparing);
    throw new NotFound(m.dataExport.notReady);
  }
  if (row.expiresAt <= new Date()) throw new Gone(m.dataExport.expired);
  const day = row.readyAt.toISOString().slice(0, 10);
  return { bytes: new Uint8Array(row.file), fileName: `clubnica-data-${day}.zip` };
}
