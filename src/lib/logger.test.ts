import { describe, expect, test } from "bun:test";
import { jsonString } from "./json-string";
import { batchedDestination } from "./log-destination";
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

  test("the access line is the line pino writes for the same fields, in the same order", () => {
    const { logger, lines } = capture();
    const fields = {
      request_id: 'id-"quoted"',
      method: "GET",
      path: "/clubs/años/\u0007",
      status: 200,
      duration_ms: 1.5,
    };
    accessLogger(logger)(fields);
    logger.info(fields, "request");
    const [ours, pinos] = lines.map((line) => line.replace(/"time":"[^"]+"/, '"time":"T"'));
    expect(ours).toBe(pinos);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ service: "clubnica", level: 30, path: fields.path });
    expect(new Date(JSON.parse(lines[0] ?? "{}").time).getTime()).toBeGreaterThan(Date.now() - 5000);
    // Without a duration the field is left out, as pino leaves out an undefined one.
    accessLogger(logger)({ ...fields, duration_ms: undefined });
    expect(JSON.parse(lines[2] ?? "{}")).not.toHaveProperty("duration_ms");
  });

  test("the access line follows the logger's level", () => {
    const lines: string[] = [];
    const logger = createLogger("warn", { write: (line: string) => void lines.push(line) });
    accessLogger(logger)({ request_id: "r", method: "GET", path: "/", status: 200, duration_ms: 1 });
    expect(lines).toHaveLength(0);
  });

  test("flushLog resolves for the asynchronous stdout destination", async () => {
    const logger = createLogger("silent");
    await flushLog(logger);
  });
});

describe("the batched log destination (patches/sonic-boom@4.2.1.patch)", () => {
  test("every line arrives whole and in order, multibyte text and batch boundaries included", async () => {
    const dir = await import("node:fs/promises").then((fs) => fs.mkdtemp("/tmp/clubnica-log-"));
    const file = `${dir}/log.ndjson`;
    const destination = batchedDestination(file);
    await new Promise<void>((ready) => destination.once("ready", () => ready()));
    // The patch keeps the last buffer's byte length instead of measuring it per line.
    expect(typeof (destination as unknown as { _lastBufLen?: unknown })._lastBufLen).toBe("number");
    const logger = createLogger("info", destination);
    const names = ["Señora Núñez", "José Ángel 🎉", "ascii only", "ñ".repeat(300)];
    const count = 20_000;
    for (let i = 0; i < count; i++) logger.info({ i, name: names[i % names.length] }, "línea");
    await flushLog(logger);
    destination.flushSync();
    const lines = (await Bun.file(file).text()).trimEnd().split("\n");
    expect(lines).toHaveLength(count);
    lines.forEach((line, i) => {
      const entry = JSON.parse(line);
      expect(entry.i).toBe(i);
      expect(entry.name).toBe(names[i % names.length]);
    });
    await new Promise<void>((closed) => {
      destination.once("close", () => closed());
      destination.end();
    });
    await Bun.sleep(300); // past a flush interval: a closed destination is no longer flushed
  });
});

describe("jsonString (the access line's fields)", () => {
  test("writes every string exactly as JSON.stringify does", () => {
    for (let code = 0; code <= 0xffff; code++) {
      const value = `/a${String.fromCharCode(code)}b`;
      if (jsonString(value) !== JSON.stringify(value)) expect(jsonString(value)).toBe(JSON.stringify(value));
    }
    for (const value of ["", "GET", "3f0c6a9e-7c1f-4a55-9d7e-2b1f0c9a1e11", "/api/clubs/12", "😀", '"\\'])
      expect(jsonString(value)).toBe(JSON.stringify(value));
  });
});

describe("shutdown's last lines", () => {
  // The cause of graceful-shutdown.test.ts's missing "closing them" line: a batch handed to an
  // asynchronous write waited behind argon2id hashes in Bun's thread pool, flushLog gave up after
  // 1 s, and process.exit dropped it. A real process, hashes running, then the shutdown's exit.
  test("lines logged while passwords hash reach stdout before process.exit", async () => {
    const script = `
      const { createLogger, flushLog } = await import(${JSON.stringify(`${import.meta.dir}/logger.ts`)});
      const logger = createLogger("info");
      const hashes = Array.from({ length: 8 }, () => Bun.password.hash("x", { algorithm: "argon2id" }));
      logger.warn("first line");
      logger.flush();
      logger.info("last line");
      await flushLog(logger);
      process.exit(0);`;
    const proc = Bun.spawn(["bun", "-e", script], { stdout: "pipe", stderr: "inherit" });
    const out = await new Response(proc.stdout).text();
    expect(await proc.exited).toBe(0);
    expect(out).toContain('"msg":"first line"');
    expect(out).toContain('"msg":"last line"');
  });
});
