import { afterAll } from "bun:test";
import { setDefaultLocale } from "../src/platform/locale/request-locale";
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

afterAll(async () => {
  await dropDatabase(server.url, template).catch(() => {});
  await closeAdminConnections();
  await server.stop();
});
