import { isIP } from "node:net";
import { z } from "zod";

/** The shapes of src/config.ts's settings: each parses one environment variable's text. */

const durationRe = /^(\d+)\s*(s|m|h|d)?$/;

function parseDuration(value: string): number | null {
  const match = durationRe.exec(value.trim());
  if (!match) return null;
  const n = Number(match[1]);
  const unit = match[2] ?? "s";
  const factor = { s: 1, m: 60, h: 3600, d: 86400 }[unit] ?? 1;
  return n * factor;
}

export const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);

/** A rate: at most `max` in any `windowSec` seconds (a sliding window). */
export type Rate = { max: number; windowSec: number };

/** "30/1m": at most 30 per minute. The window takes the JWT_TTL units (s, m, h, d). */
export function rateSetting(fallback: string) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default(fallback)
      .transform((value, ctx): Rate => {
        const [count, window] = value.split("/");
        const max = Number(count);
        const windowSec = window === undefined ? null : parseDuration(window);
        if (!Number.isInteger(max) || max < 1 || windowSec === null || windowSec < 1) {
          ctx.addIssue({ code: "custom", message: "must look like 30/1m (a count, a slash, a duration)" });
          return z.NEVER;
        }
        return { max, windowSec };
      }),
  );
}

/** A duration in seconds: "3600", "30m", "12h" or "7d"; more than zero. */
export function durationSetting(fallback: string) {
  return z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default(fallback)
      .transform((v, ctx) => {
        const seconds = parseDuration(v);
        if (seconds === null || seconds <= 0) {
          ctx.addIssue({ code: "custom", message: "must look like 3600, 30m, 12h or 7d" });
          return z.NEVER;
        }
        return seconds;
      }),
  );
}

/** "10.0.0.0/8, 127.0.0.1": addresses or CIDR ranges, IPv4 or IPv6. */
export const trustedProxiesSetting = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default("")
    .transform((value, ctx) => {
      const entries = value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const entry of entries) {
        const [address, prefix] = entry.split("/");
        const family = isIP(address ?? "");
        const bits = family === 6 ? 128 : 32;
        const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits);
        if (family === 0 || !prefixOk) {
          ctx.addIssue({ code: "custom", message: `"${entry}" is not an IP address or CIDR range` });
          return z.NEVER;
        }
      }
      return entries;
    }),
);
export const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
