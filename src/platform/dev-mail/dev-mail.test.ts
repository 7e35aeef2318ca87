import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { devMailRoutes } from "./routes";

setDefaultTimeout(30_000);
let t: TestApp;
beforeAll(async () => {
  // No SMTP_URL: the mailer keeps an in-memory outbox, as in development.
  t = await setupTestApp({ SMTP_URL: "", NODE_ENV: "development" });
});
afterAll(() => t.close());

describe("/dev/mail", () => {
  test("shows the outbox: the verification mail with its code, escaped", async () => {
    const empty = await t.app.handle(new Request("http://localhost/dev/mail"));
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("No mail has been sent since the server started.");

    const u = await t.createUser();
    await t.sql`update users set first_name = '<b>Ana</b>', email = ${`${u.username}@example.com`} where id = ${u.id}`;
    const start = await t.request("POST", "/auth/verify-email/start", { token: u.token });
    expect(start.status).toBe(200);
    const code = /^\s{4}(\d{6})$/m.exec(t.deps.mailer.outbox![0]!.text)![1]!;

    const res = await t.app.handle(new Request("http://localhost/dev/mail"));
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("Verify your e-mail address on ClubNica");
    expect(html).toContain(code);
    expect(html).toContain("&lt;b&gt;Ana&lt;/b&gt;");
    expect(html).not.toContain("<b>Ana</b>");
  });

  test("is not registered in production, nor when SMTP is configured", async () => {
    const production = devMailRoutes({
      deps: { ...t.deps, config: { ...t.deps.config, NODE_ENV: "production" } },
    });
    expect((await production.handle(new Request("http://localhost/dev/mail"))).status).toBe(404);
    const smtp = devMailRoutes({ deps: { ...t.deps, mailer: { ...t.deps.mailer, outbox: null } } });
    expect((await smtp.handle(new Request("http://localhost/dev/mail"))).status).toBe(404);
  });
});
