import { afterAll, afterEach } from "bun:test";
import { setDefaultLocale } from "../src/platform/locale/request-locale";
import { startCpuProfile } from "./cpu-profile";
import { closeAdminConnections, dropDatabase, prepareTemplate, startTestPostgres } from "./database";

/**
 * Runs once per `bun test` process: starts (or finds) PostgreSQL and migrates a template
 * database. Test files clone it through test/harness.ts. Everything is stopped at the end,
 * also after failures.
 */
// Code run outside a request (unit tests of screens and helpers) reads the spec's English.
setDefaultLocale("en");
const server = await startTestPostgres();
const template = await prepareTemplate(server.url);
process.env.CLUBNICA_TEST_ADMIN_URL = server.url;
process.env.CLUBNICA_TEST_TEMPLATE = template;
// CPU seconds per file (scripts/bench/test-cpu.ts); off unless asked.
const profile = process.env.TEST_PROFILE ? await startCpuProfile(server.url, process.env.TEST_PROFILE) : null;
if (profile) afterEach(() => profile.afterEach());

afterAll(async () => {
  profile?.finish();
  await dropDatabase(server.url, template).catch(() => {});
  await closeAdminConnections();
  await server.stop();
});
