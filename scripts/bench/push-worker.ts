/**
 * The worker process of scripts/bench/push-fanout.ts: what a JOB_WORKERS=on replica does beside
 * web replicas that run none (k8s: a second Deployment). Reads {url, ca, allowlist} as JSON on
 * stdin, starts every job worker on that database and prints "ready"; runs until killed.
 */
import { startWorkers } from "../../src/jobs";
import { createBenchApp } from "./support";

const input = JSON.parse(await new Response(Bun.stdin.stream()).text()) as {
  url: string;
  caFile: string;
  allowlist: string;
};
const { deps } = createBenchApp(input.url, "production", {
  PUSH_ENDPOINT_ALLOWLIST: input.allowlist,
  JOB_WORKERS: "on",
});
deps.config.PUSH_CA_FILE = input.caFile;
await deps.jobs.start();
await startWorkers(deps);
console.log("ready");
process.on("SIGTERM", () => {
  void deps.jobs.stop(2000).finally(() => process.exit(0));
});
