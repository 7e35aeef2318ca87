import { createHmac, randomBytes } from "node:crypto";

/**
 * The rotating check-in code: TOTP-like (RFC 6238 with HMAC-SHA256 and 30 s steps) over the
 * event's own secret. The secret never leaves the server; the owner's screen asks for the
 * current code, and a member's code is checked against the step of the moment they checked in.
 */
export const CHECK_IN_STEP_MS = 30_000;
const OPENS_BEFORE_MS = 60 * 60_000;
const CLOSES_AFTER_MS = 3 * 60 * 60_000;
/** How far ahead of the server a phone's clock may be before its time counts as the future. */
export const CLOCK_SKEW_MS = 2 * 60_000;
/**
 * A check-in claimed longer ago than this when it reaches the server (a queued one, or a
 * replayed photo of a code) is kept "por confirmar" until the owner confirms it.
 */
export const CONFIRM_AFTER_MS = 2 * 60_000;
/** How many steps either side are recognised, only to tell "expired" and "not yet" from "wrong". */
const RECOGNISED_STEPS = 20;

export function createSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function stepOf(ms: number): number {
  return Math.floor(ms / CHECK_IN_STEP_MS);
}

/** RFC 4226 dynamic truncation of HMAC(secret, step as 8 bytes big-endian), 6 digits. */
export function codeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha256", Buffer.from(secret, "base64url")).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, "0");
}

/** From one hour before the start until three hours after it. */
export function checkInWindow(startsAt: Date): { opens: Date; closes: Date } {
  return {
    opens: new Date(startsAt.getTime() - OPENS_BEFORE_MS),
    closes: new Date(startsAt.getTime() + CLOSES_AFTER_MS),
  };
}

export type CodeVerdict = "valid" | "expired" | "not_yet" | "wrong";

/** A code is valid for the step of `atMs` and the one before it (a code read just as it changed). */
export function judgeCode(secret: string, code: string, atMs: number): CodeVerdict {
  const step = stepOf(atMs);
  if (code === codeAt(secret, step) || code === codeAt(secret, step - 1)) return "valid";
  for (let i = 2; i <= RECOGNISED_STEPS; i++) if (code === codeAt(secret, step - i)) return "expired";
  for (let i = 1; i <= RECOGNISED_STEPS; i++) if (code === codeAt(secret, step + i)) return "not_yet";
  return "wrong";
}
