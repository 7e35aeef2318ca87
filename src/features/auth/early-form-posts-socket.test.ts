import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { request as httpRequest } from "node:http";
import { setupTestApp, type TestApp } from "../../../test/harness";

setDefaultTimeout(30_000);

/**
 * The whole app over a real socket, from its own client address: a form the browser posts
 * itself (Sec-Fetch-Mode: navigate) to /login goes back to the page, while the same form posted
 * by an API client still logs in. What Bun's server hands the app is what is checked here, not a
 * Request built in the test.
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await setupTestApp();
  t.app.listen({ port: 0, hostname: "127.0.0.1" });
  port = t.app.server?.port ?? 0;
});
afterAll(async () => {
  await t.app.stop(true);
  await t.close();
});

function postLogin(form: string, headers: Record<string, string>) {
  return new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/login",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        localAddress: "127.0.0.2",
        agent: false,
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
      },
    );
    req.on("error", reject);
    req.end(form);
  });
}

describe("POST /login over a socket", () => {
  test("the browser's own post is sent back to the page; an API client's logs in", async () => {
    const user = await t.createUser();
    const form = new URLSearchParams({
      username: user.username,
      password: "correct-horse-battery",
    }).toString();

    const native = await postLogin(form, { "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" });
    expect(native.status).toBe(303);
    expect(native.location).toBe("/login");
    expect(native.body).not.toContain("access_token");

    const api = await postLogin(form, { "sec-fetch-mode": "cors" });
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body)).toMatchObject({ token_type: "bearer" });
  });
});
