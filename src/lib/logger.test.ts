import { describe, expect, test } from "bun:test";
import { accessLogger, createLogger, flushLog } from "./logger";

function capture() {
  const lines: string[] = [];
  const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

describe("logger", () => {
  test("passwords, codes, tokens and e-mail bodies passed to a log call are redacted", () => {
    const { logger, lines } = capture();
    logger.info(
      {
        password: "hunter2-pass",
        body: { new_password: "n3w-pass", code: "482913", token: "eyJhbGciOi.secret.sig" },
        access_token: "eyJhbGciOi.access.sig",
        headers: { authorization: "Bearer eyJhbGciOi.header.sig" },
        text: "Your code is 482913",
        html: "<p>482913</p>",
      },
      "something happened",
    );
    const line = lines.join("");
    for (const secret of ["hunter2", "n3w-pass", "482913", "secret.sig", "access.sig", "header.sig"]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain("[redacted]");
  });

  test("the access logger keeps the level and the service name", () => {
    const { logger, lines } = capture();
    accessLogger(logger).info({ path: "/x" }, "request");
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ service: "clubnica", level: 30, path: "/x" });
  });

  test("flushLog resolves for the asynchronous stdout destination", async () => {
    const logger = createLogger("silent");
    await flushLog(logger);
  });
});
