import type { Locale } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { inLocale } from "../../platform/locale/request-locale";
import { buildArchive } from "./archive";
import { collectContents } from "./contents";
import { deleteExpiredExports, findExport, storeExportFile } from "./queries";

const DATA_EXPORT_QUEUE = "data-export";
const DATA_EXPORT_CLEANUP_QUEUE = "data-export-cleanup";

/** How long a ready file is offered. */
const EXPORT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/** A request whose file was not built within this time may be asked again (and is cleaned up later). */
export const STALE_PENDING_MS = 60 * 60 * 1000;

/** The language the person asked in: the note inside the file is written in it. */
export type DataExportJob = { userId: number; locale: Locale };

export async function queueDataExport(deps: Pick<AppDeps, "jobs">, job: DataExportJob) {
  await deps.jobs.send<DataExportJob>(DATA_EXPORT_QUEUE, job);
}

/**
 * Builds the file for the person's current request. Reading the request first (not taking its
 * time from the job) means a retried or late job still builds for the newest request, and
 * storing checks that same request is still pending: a job for a deleted account does nothing.
 */
async function buildDataExport(deps: AppDeps, { userId, locale }: DataExportJob) {
  const request = await findExport(deps.db, userId);
  if (request?.status !== "pending") return;
  const contents = await inLocale(locale, () => collectContents(deps.db, userId));
  if (!contents) return;
  const file = await inLocale(locale, () => buildArchive(deps.db, contents));
  const expiresAt = new Date(Date.now() + EXPORT_KEPT_MS);
  await storeExportFile(deps.db, { userId, requestedAt: request.requestedAt, file, expiresAt });
}

/** Deletes expired files (and requests stuck for a day), whichever replica runs the schedule. */
async function cleanUpDataExports(deps: AppDeps) {
  const stalePendingBefore = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const deleted = await deleteExpiredExports(deps.db, { stalePendingBefore });
  if (deleted > 0) deps.logger.info({ deleted }, "expired data exports deleted");
}

export async function workDataExports(deps: AppDeps) {
  await deps.jobs.declare(DATA_EXPORT_QUEUE, {
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    // A process killed mid-build leaves the job active: after 10 minutes another replica retries.
    expireInSeconds: 600,
  });
  await deps.jobs.work<DataExportJob>(DATA_EXPORT_QUEUE, (job) => buildDataExport(deps, job));
  await deps.jobs.work(DATA_EXPORT_CLEANUP_QUEUE, () => cleanUpDataExports(deps));
  // Hourly: a file is gone within an hour of its expiry; until then the download answers 410.
  await deps.jobs.schedule(DATA_EXPORT_CLEANUP_QUEUE, "23 * * * *");
}
