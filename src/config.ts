import { z } from "zod";
import { LOCALES } from "../common/messages/locales";
import {
  durationSetting,
  emptyToUndefined,
  optionalString,
  type Rate,
  rateSetting,
  trustedProxiesSetting,
} from "./config-settings";
import { RATE_LIMIT_DEFAULTS } from "./rate-limit-defaults";

export type { Rate };

// The only place that reads process.env. Parsed once at start-up; a bad value stops the
// process with a message naming the variable.

export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;

const rateLimitFields = Object.fromEntries(
  Object.entries(RATE_LIMIT_DEFAULTS).map(([name, fallback]) => [name, rateSetting(fallback)]),
) as { [K in RateLimitName]: ReturnType<typeof rateSetting> };

/**
 * argon2id's cost: Bun's own defaults (64 MiB, 2 passes; ~120 ms a hash). The test harness
 * lowers both (test/harness.ts) so a suite that signs up hundreds of accounts does not spend
 * minutes hashing; production refuses anything cheaper than these.
 */
export const PRODUCTION_PASSWORD_COST = { memoryCost: 65_536, timeCost: 2 } as const;
export type { PasswordCost } from "./lib/passwords";

import type { PasswordCost } from "./lib/passwords";

const configSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(["development", "production", "test"]).default("development"),
    ),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url().optional()),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
        .optional(),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    JWT_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(32, "must be at least 32 characters").optional(),
    ),
    JWT_TTL: durationSetting("7d"),
    // Whether this process runs the job workers (mail, pushes, reminders, digests, fan-outs).
    // "off" for web replicas when separate worker processes run them (k8s/components/
    // separate-workers): encrypting thousands of pushes then never shares the API's event loop.
    // Jobs are still queued; the schedules are still kept.
    JOB_WORKERS: z.preprocess(emptyToUndefined, z.enum(["on", "off"]).default("on")),
    // How long before an event its reminder e-mail goes out (seconds or 30m, 12h, 1d).
    EVENT_REMINDER_LEAD: durationSetting("24h"),
    // When the weekly digest e-mail goes out: a cron line in UTC (Monday 13:00 UTC is 07:00 in
    // Managua), or "off" for no digest at all.
    DIGEST_CRON: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default("0 13 * * 1")
        .refine((v) => v === "off" || v.trim().split(/\s+/).length === 5, {
          message: 'must be a cron line of five fields (such as "0 13 * * 1") or "off"',
        }),
    ),
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("ClubNica <no-reply@clubnica.local>")),
    // Prometheus /metrics on a port of its own (not the public one); 0 picks a free port (tests).
    METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
    // With a token, /metrics is also served on the public port to `Authorization: Bearer <token>`.
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z.string().min(16, "must be at least 16 characters").optional(),
    ),
    // How many change versions and remembered poll answers each process keeps (each map; least
    // recently used go first). 100,000 holds ~20,000 students' polls in ~42 MB (docs/capacity.md).
    // 0 turns the memory off: every poll asks PostgreSQL (for a comparison, or if it misbehaves).
    POLL_MEMORY_ENTRIES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(100_000)),
    // A club post's notices are stored in the request up to this many members; a bigger club's
    // go through the job queue (one INSERT … SELECT in a job), so the post answers at once.
    NOTICE_FANOUT_INLINE_MAX: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(200)),
    // The language for a visitor whose browser asks for neither Spanish nor English.
    DEFAULT_LOCALE: z.preprocess(emptyToUndefined, z.enum(LOCALES).default("es")),
    ADMIN_USERNAME: optionalString,
    ADMIN_PASSWORD: z.preprocess(
      emptyToUndefined,
      z.string().min(8, "must be at least 8 characters").optional(),
    ),
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    // Graceful shutdown: how long /readyz reports 503 before the listener closes (lets the load
    // balancer stop routing here), and the most time in-flight requests get to finish.
    // Unset: 5000 / 20000 ms in production, 0 / 10000 ms otherwise (see src/server.ts).
    SHUTDOWN_DELAY_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
    SHUTDOWN_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).optional()),
    // Web Push (RFC 8292): the VAPID key pair (base64url, as `web-push generate-vapid-keys` prints
    // them) and the contact the push services see. Without the keys, one pair is made on first use
    // and kept in the database (table vapid_keys), so every replica signs with the same key.
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    VAPID_SUBJECT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(mailto:|https:\/\/)/, "must be a mailto: or https:// URL")
        .default("mailto:admin@clubnica.local"),
    ),
    // Push endpoints normally must be https on a public address (an SSRF guard); hosts listed
    // here (host or host:port, comma-separated) are exempt: tests and private push services.
    PUSH_ENDPOINT_ALLOWLIST: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default("")
        .transform((value) =>
          value
            .split(",")
            .map((entry) => entry.trim().toLowerCase())
            .filter(Boolean),
        ),
    ),
    // A PEM file of certificate authorities trusted for push services besides the system's: a
    // push service on a private network with its own CA (and the tests' local push service,
    // since Bun reads NODE_EXTRA_CA_CERTS only at start-up).
    PUSH_CA_FILE: optionalString,
    // How long a push service keeps an undelivered push (the TTL header), in seconds or 30m, 12h, 1d.
    PUSH_TTL: durationSetting("12h"),
    // argon2id memory in KiB (at least 8) and passes; see PRODUCTION_PASSWORD_COST.
    PASSWORD_HASH_MEMORY_KIB: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(8).default(PRODUCTION_PASSWORD_COST.memoryCost),
    ),
    PASSWORD_HASH_TIME_COST: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(1).default(PRODUCTION_PASSWORD_COST.timeCost),
    ),
    // Password hashes (log-in, sign-up, resets) run at most this many at once per process, and at
    // most PASSWORD_HASH_QUEUE more wait; past that the call answers 503 with Retry-After at once
    // rather than piling up behind a flood (each hash holds 64 MiB while it runs).
    PASSWORD_HASH_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(4)),
    PASSWORD_HASH_QUEUE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).default(32)),
    // Proxies (the Ingress) whose X-Forwarded-For is believed; otherwise the socket's address counts.
    TRUSTED_PROXIES: trustedProxiesSetting,
    ...rateLimitFields,
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.JWT_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["JWT_SECRET"],
        message: "is required when NODE_ENV=production",
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"],
        message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together",
      });
    }
    if (env.NODE_ENV === "production") {
      for (const [name, value, floor] of [
        ["PASSWORD_HASH_MEMORY_KIB", env.PASSWORD_HASH_MEMORY_KIB, PRODUCTION_PASSWORD_COST.memoryCost],
        ["PASSWORD_HASH_TIME_COST", env.PASSWORD_HASH_TIME_COST, PRODUCTION_PASSWORD_COST.timeCost],
      ] as const) {
        if (value < floor)
          ctx.addIssue({ code: "custom", path: [name], message: `must be at least ${floor} in production` });
      }
    }
    if (env.ADMIN_USERNAME && !env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: "is required when ADMIN_USERNAME is set",
      });
    }
  });

export type Config = z.output<typeof configSchema>;

/** The argon2id cost config sets for every password hashed (sign-up, reset, admin, login's dummy). */
export function passwordCost(
  config: Pick<Config, "PASSWORD_HASH_MEMORY_KIB" | "PASSWORD_HASH_TIME_COST">,
): PasswordCost {
  return { memoryCost: config.PASSWORD_HASH_MEMORY_KIB, timeCost: config.PASSWORD_HASH_TIME_COST };
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join(".") || "environment";
    return `  ${name}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}
