import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig, PRODUCTION_PASSWORD_COST, passwordCost } from "./config";

describe("loadConfig", () => {
  test("defaults for a development start with nothing set", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe("0.0.0.0");
    expect(config.DATA_DIR).toBe("./data");
    expect(config.JWT_TTL).toBe(7 * 24 * 3600);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  test("DIGEST_CRON: Monday 13:00 UTC by default, a five-field cron line, or off", () => {
    expect(loadConfig({}).DIGEST_CRON).toBe("0 13 * * 1");
    expect(loadConfig({ DIGEST_CRON: "30 12 * * 0" }).DIGEST_CRON).toBe("30 12 * * 0");
    expect(loadConfig({ DIGEST_CRON: "off" }).DIGEST_CRON).toBe("off");
  });

  test("JOB_WORKERS: on unless a web replica leaves the jobs to worker processes", () => {
    expect(loadConfig({}).JOB_WORKERS).toBe("on");
    expect(loadConfig({ JOB_WORKERS: "off" }).JOB_WORKERS).toBe("off");
    expect(() => loadConfig({ JOB_WORKERS: "no" })).toThrow(ConfigError);
  });

  test("JWT_TTL accepts seconds and units", () => {
    expect(loadConfig({ JWT_TTL: "3600" }).JWT_TTL).toBe(3600);
    expect(loadConfig({ JWT_TTL: "12h" }).JWT_TTL).toBe(43200);
  });

  test.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ NODE_ENV: "production" }, "JWT_SECRET"],
    [{ JWT_SECRET: "short" }, "JWT_SECRET"],
    [{ JWT_TTL: "forever" }, "JWT_TTL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ DIGEST_CRON: "weekly" }, "DIGEST_CRON"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ ADMIN_USERNAME: "root" }, "ADMIN_PASSWORD"],
    [{ ADMIN_USERNAME: "root", ADMIN_PASSWORD: "longenough", ADMIN_EMAIL: "nope" }, "ADMIN_EMAIL"],
  ])("%j stops start-up naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}:`));
  });

  test("the process exits with the message when started with a bad value", () => {
    const proc = Bun.spawnSync(["bun", "src/main.ts"], {
      env: { ...process.env, PORT: "not-a-port", DATABASE_URL: "" },
      stderr: "pipe",
      stdout: "pipe",
    });
    expect(proc.exitCode).not.toBe(0);
    expect(proc.stderr.toString()).toContain("PORT:");
  });

  // The only test that sees the production argon2id cost: every other file hashes at the
  // harness's cheap one (test/harness.ts).
  test("the password cost defaults to Bun's argon2id defaults, and production refuses anything cheaper", async () => {
    expect(passwordCost(loadConfig({}))).toEqual({ memoryCost: 65_536, timeCost: 2 });
    expect(PRODUCTION_PASSWORD_COST).toEqual({ memoryCost: 65_536, timeCost: 2 });
    const production = { NODE_ENV: "production", JWT_SECRET: "x".repeat(32) };
    expect(passwordCost(loadConfig(production))).toEqual(PRODUCTION_PASSWORD_COST);
    expect(() => loadConfig({ ...production, PASSWORD_HASH_MEMORY_KIB: "8" })).toThrow(
      /PASSWORD_HASH_MEMORY_KIB/,
    );
    expect(() => loadConfig({ ...production, PASSWORD_HASH_TIME_COST: "1" })).toThrow(
      /PASSWORD_HASH_TIME_COST/,
    );
    expect(passwordCost(loadConfig({ PASSWORD_HASH_MEMORY_KIB: "8", PASSWORD_HASH_TIME_COST: "1" }))).toEqual(
      {
        memoryCost: 8,
        timeCost: 1,
      },
    );
    const hash = await Bun.password.hash("secret", { algorithm: "argon2id", ...PRODUCTION_PASSWORD_COST });
    expect(hash).toStartWith("$argon2id$v=19$m=65536,t=2,");
  });
});
