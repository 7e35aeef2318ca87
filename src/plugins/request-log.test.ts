import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { createLogger } from "../lib/logger";
import { createRequestLog } from "./request-log";

function capture() {
  const lines: string[] = [];
  const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

describe("request log", () => {
  test("the access line of a log-in holds no password, token or query string", async () => {
    const { logger, lines } = capture();
    const app = new Elysia()
      .use(createRequestLog(logger))
      .post("/login", () => ({ access_token: "eyJhbGciOi.issued.sig" }));
    const res = await app.handle(
      new Request("http://localhost/login?code=771204&token=query.tok", {
        method: "POST",
        headers: { authorization: "Bearer eyJhbGciOi.header.sig", "content-type": "application/json" },
        body: JSON.stringify({ username: "ana", password: "hunter2-pass" }),
      }),
    );
    expect(res.status).toBe(200);
    await Bun.sleep(5);
    const access = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "request");
    expect(access).toMatchObject({ method: "POST", path: "/login", status: 200 });
    const line = lines.join("");
    for (const secret of ["hunter2", "issued.sig", "header.sig", "771204", "query.tok"]) {
      expect(line).not.toContain(secret);
    }
  });
});
