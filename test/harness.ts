import { createApp } from "../src/app";
import { loadConfig } from "../src/config";
import type { AppDeps } from "../src/deps";
import { startWorkers } from "../src/jobs";
import { connectAppDatabase } from "../src/lib/database/client";
import { type JobQueue, startJobQueue } from "../src/lib/jobs/queue";
import { createLogger } from "../src/lib/logger";
import { createMailer, type Mailer } from "../src/lib/mailer";
import { createDatabaseFromTemplate, dropDatabase, withDatabase } from "./database";
import { type MailCapture, startMailCapture } from "./mail-capture";
import { createOpenApiCheck } from "./openapi-check";

const LIMITS_OUT_OF_THE_WAY = Object.fromEntries(
  ["CLUB_CREATES", "CLUB_EDITS", "REACTIONS", "CALENDAR_FEEDS", "LANGUAGE_CHANGES"].flatMap((name) => [
    [`RATE_${name}_PER_ACCOUNT`, "100000/1h"],
    [`RATE_${name}_PER_ADDRESS`, "100000/1h"],
  ]),
);

export type RequestOptions = {
  token?: string | null;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
  headers?: Record<string, string>;
};

export type TestResponse<T = any> = { status: number; body: T; headers: Headers };

/** The slow parts a test file may ask for; each is off unless asked, and fails loudly when missing. */
export type TestParts = {
  /** pg-boss with every feature's workers (events' mails and reminders, data exports, mail retries). */
  jobs?: boolean;
  /** A real SMTP capture the app sends to (`t.mail`). */
  mail?: boolean;
  /** Every response checked against the app's OpenAPI document (openapi-check.ts). */
  openapi?: boolean;
};

// Cheap argon2id (config.ts keeps production at 64 MiB, 2 passes): hundreds of sign-ups per run.
// Only src/config.test.ts sees the production cost.
// At that cost a hash takes microseconds, so the queue bound (503 past it) is out of the way of
// files that sign up dozens of accounts at once; src/features/auth/hashing-queue.test.ts sets it.
const TEST_PASSWORD_COST = {
  PASSWORD_HASH_MEMORY_KIB: "8",
  PASSWORD_HASH_TIME_COST: "1",
  PASSWORD_HASH_QUEUE: "100000",
};

/** Something a test file did not ask for: every use throws, naming the option that starts it. */
function missingPart(part: keyof TestParts): never {
  // Also printed: inside a route the error becomes a 500 whose cause the silent test log hides.
  console.error(`test harness: this test file did not start ${part} (setupTestApp(env, { ${part}: true }))`);
  throw new Error(
    `this test file did not start ${part}: call setupTestApp(env, { ${part}: true }) (test/harness.ts)`,
  );
}

function absentJobQueue(): JobQueue {
  const refuse = async (): Promise<never> => missingPart("jobs");
  return {
    start: refuse,
    declare: refuse,
    send: refuse,
    // Sign-up and profile writes queue a mail job in their transaction, and dozens of files make
    // them while testing something else: without the queue that job is left out. A file that
    // reads those mails starts the queue (`jobs: true`).
    sendWithin: async () => null,
    insert: refuse,
    workBatches: refuse,
    fail: refuse,
    work: refuse,
    schedule: refuse,
    stop: async () => {},
    runsWorkers: false,
  };
}

function absentMailer(): Mailer {
  // "smtp", as the app has in production: a route that mails goes on to send, and the send throws.
  return { mode: "smtp", outbox: null, send: async () => missingPart("mail"), close: () => {} };
}

/**
 * One isolated app per test file: its own database cloned from the migrated template, and
 * helpers to call it like a client would. Call `close()` in afterAll. `parts` starts the job
 * queue, an SMTP capture and the OpenAPI check for the files that use them (each costs
 * start-up time in every file): a file that uses one it did not ask for fails with a message
 * naming the option.
 */
export async function setupTestApp(env: Record<string, string> = {}, parts: TestParts = {}) {
  const adminUrl = process.env.CLUBNICA_TEST_ADMIN_URL;
  const template = process.env.CLUBNICA_TEST_TEMPLATE;
  if (!adminUrl || !template) throw new Error("test/preload.ts did not run (see bunfig.toml)");
  const dbName = await createDatabaseFromTemplate(adminUrl, template);
  const databaseUrl = withDatabase(adminUrl, dbName);
  const mail: MailCapture | null = parts.mail ? await startMailCapture() : null;
  const config = loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-signing",
    ...(mail ? { SMTP_URL: mail.url } : {}),
    MAIL_FROM: "ClubNica <no-reply@clubnica.test>",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    // Requests that name no language get the spec's exact English, which the API tests assert;
    // the locale tests pass Accept-Language, a lang cookie or DEFAULT_LOCALE=es explicitly.
    DEFAULT_LOCALE: "en",
    // Every in-process request comes from one address, and the club, paging and search tests
    // have one owner create dozens of clubs: the limits on club creates and edits, reactions,
    // calendar feeds and language are out of their way. Their own tests set them small
    // (src/platform/rate-limits/account-actions.test.ts, per-address.test.ts).
    ...LIMITS_OUT_OF_THE_WAY,
    // A file that starts the app as production gets production's cost (config.ts refuses less).
    ...(env.NODE_ENV === "production" ? {} : TEST_PASSWORD_COST),
    ...env,
  });
  const logger = createLogger(config.LOG_LEVEL);
  // Both pools, as server.ts opens them: the live connection's deliveries use their own.
  const client = connectAppDatabase(databaseUrl);
  const jobs = parts.jobs
    ? await startJobQueue({ databaseUrl, logger, pollingIntervalSeconds: 0.5 })
    : absentJobQueue();
  const deps: AppDeps = {
    config,
    db: client.db,
    liveDb: client.liveDb,
    logger,
    // A file that sets SMTP_URL itself (mail disabled, a server of its own) gets the app's mailer.
    mailer:
      mail || "SMTP_URL" in env
        ? createMailer({
            smtpUrl: config.SMTP_URL,
            from: config.MAIL_FROM,
            logger,
            production: config.NODE_ENV === "production",
          })
        : absentMailer(),
    jobs,
    jwtSecret: config.JWT_SECRET ?? "",
    lifecycle: { accepting: true },
  };
  if (parts.jobs) await startWorkers(deps);
  const app = createApp(deps);
  if (parts.openapi) {
    // Every response the test sees, through request() or app.handle() (also the server-rendered
    // pages' in-process API calls), is checked against the OpenAPI document: see openapi-check.ts.
    const handle = app.handle.bind(app);
    const document = await (await handle(new Request("http://localhost/docs/json"))).json();
    const assertDocumented = createOpenApiCheck(document);
    app.handle = async (request: Request) => {
      const { method, url } = request;
      const response = await handle(request);
      await assertDocumented(method, url, response);
      return response;
    };
  }

  async function request<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    } else if (options.multipart) {
      body = options.multipart;
    }
    const response = await app.handle(new Request(`http://localhost${path}`, { method, headers, body }));
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get("content-type") ?? "").includes("json") && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  let counter = 0;
  let listening = false;
  /** Signs up a fresh account and logs in through the API; returns its id, username and token. */
  async function createUser(
    options: { role?: "member" | "owner" | "admin"; username?: string; password?: string } = {},
  ) {
    counter += 1;
    // A digits-only suffix: random letters could spell a reserved name ("mod5", "r00t"), which
    // sign-up refuses (common/reserved-names.ts).
    const username = options.username ?? `user${counter}_${Math.floor(Math.random() * 1e9)}`;
    const password = options.password ?? "correct-horse-battery";
    const signup = await request("POST", "/signup", { json: { username, password, role: "member" } });
    if (signup.status !== 201) throw new Error(`signup failed: ${JSON.stringify(signup.body)}`);
    const id = signup.body.id as number;
    if (options.role && options.role !== "member") {
      await client.sql`update users set role = ${options.role} where id = ${id}`;
    }
    const login = await request("POST", "/login", { form: { username, password } });
    return { id, username, password, token: login.body.access_token as string };
  }

  return {
    app,
    deps,
    /** The file's database, for a process of the app started beside it (test/app-process.ts). */
    databaseUrl,
    db: client.db,
    sql: client.sql,
    /** The SMTP capture: only with `{ mail: true }`. */
    get mail(): MailCapture {
      return mail ?? missingPart("mail");
    },
    request,
    createUser,
    /**
     * Serves the app on a real TCP socket on 127.0.0.1 (for tests that must see a client
     * address, a proxy header or a live WebSocket) and returns its base URL; `close()` stops it.
     */
    listen(): string {
      app.listen({ port: 0, hostname: "127.0.0.1" });
      listening = true;
      return `http://127.0.0.1:${app.server?.port}`;
    },
    close: async () => {
      if (listening) await app.stop(true);
      await jobs.stop(2000);
      deps.mailer.close();
      await client.close();
      await mail?.close();
      await dropDatabase(adminUrl, dbName);
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof setupTestApp>>;
