import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { m } from "../common/messages";
import { signUpWithEmail } from "../test/http-account";
import { expect, screenshots, signIn, sql, test, uniqueName } from "./support/fixtures";
import { stackState } from "./support/state";

/**
 * A second production app on the stack's database, started WITHOUT SMTP_URL: it must be ready,
 * warn in its log, let people sign up, and tell them (and admins) that e-mail is not configured
 * instead of failing silently.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
let app: ChildProcess | null = null;
let appURL = "";
let output = "";

async function freePort(): Promise<number> {
  return await new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

test.beforeAll(async () => {
  const port = await freePort();
  appURL = `http://127.0.0.1:${port}`;
  app = spawn("bun", ["src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: stackState().databaseUrl,
      JWT_SECRET: "e2e-secret-that-is-long-enough-for-hs256-signing",
      SMTP_URL: "",
      MAIL_FROM: "",
      ADMIN_USERNAME: "",
      ADMIN_PASSWORD: "",
      LOG_LEVEL: "info",
      // Same database and address as the stack, whose seeds already signed up many accounts
      // from 127.0.0.1: the same wide sign-up limit as e2e/support/stack.ts.
      RATE_SIGNUPS_PER_ADDRESS: "100000/15m",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  app.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  app.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (app.exitCode !== null) throw new Error(`app exited with ${app.exitCode}:\n${output}`);
    const ready = await fetch(`${appURL}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`app without SMTP_URL not ready in 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
});

test.afterAll(async () => {
  if (!app || app.exitCode !== null) return;
  const exited = new Promise((r) => app?.once("exit", r));
  app.kill("SIGTERM");
  await exited;
});

async function call(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  const res = await fetch(appURL + path, { ...init, headers });
  return { status: res.status, body: await res.json().catch(() => null) };
}

test("without SMTP_URL the app is ready, sign-up works, and the verification screen says mail is not configured", async ({
  page,
}) => {
  const ready = await fetch(`${appURL}/readyz`);
  expect(ready.status).toBe(200);
  expect(output).toContain("SMTP_URL is not set");

  const { token } = await signUpWithEmail(appURL, { name: "nomail", lastName: "Sin Correo" });

  await signIn(page, token);
  await page.goto(`${appURL}/profile`);
  await page.getByRole("button", { name: m.profilePage.verifyEmail }).click();
  await expect(page.getByText(m.operations.mailNotConfigured)).toBeVisible();
  await screenshots(page, "mail-not-configured-verify");

  await page.goto(`${appURL}/forgot-password`);
  await expect(page.getByText(m.operations.mailNotConfigured)).toBeVisible();
});

test("an admin sees in the admin panel that e-mail is not configured", async ({ page }) => {
  const username = uniqueName("nomailchief");
  const password = "correct-horse-battery";
  const signup = await call("/signup", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password, role: "member" }),
  });
  await sql()`update users set role = 'admin' where id = ${signup.body.id as number}`;
  const login = await call("/login", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }).toString(),
  });
  await signIn(page, login.body.access_token as string);
  await page.goto(`${appURL}/home`);
  await page.getByRole("button", { name: m.adminPanel.open }).click();
  const dialog = page.getByRole("dialog", { name: m.adminPanel.title });
  await expect(dialog.getByText(m.operations.mailNotConfiguredAdmin)).toBeVisible();
});
