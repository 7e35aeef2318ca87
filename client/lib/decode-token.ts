import { ROLES, type Role } from "../../common/enums";
import type { SessionUser } from "./session";

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The user a JWT names, or null when it is malformed, incomplete or expired at `now` (ms). */
export function decodeToken(token: string | null | undefined, now: number = Date.now()): SessionUser | null {
  if (!token) return null;
  const parts = token.split(".");
  if (parts.length !== 3 || !parts[1]) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(decodeBase64Url(parts[1]));
  } catch {
    return null;
  }
  if (!payload || typeof payload !== "object") return null;
  const p = payload as Record<string, unknown>;
  if (typeof p.sub !== "string" || !p.sub) return null;
  if (typeof p.id !== "number" || !Number.isInteger(p.id)) return null;
  if (typeof p.role !== "string" || !ROLES.includes(p.role as Role)) return null;
  const exp = typeof p.exp === "number" ? p.exp : null;
  if (exp !== null && exp * 1000 <= now) return null;
  return { id: p.id, username: p.sub, role: p.role as Role, exp };
}
