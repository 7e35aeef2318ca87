import type { AppDeps } from "../../deps";
import { type MorningJob, sendMorningSummary } from "./send-morning-summary";

export const MORNING_QUEUE = "push-morning-summary";

export async function workMorningSummaries(deps: AppDeps) {
  await deps.jobs.declare(MORNING_QUEUE, {
    policy: "short",
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
  });
  await deps.jobs.work<MorningJob>(MORNING_QUEUE, (job) => sendMorningSummary(deps, job));
}
