import { ApiError, formatDetail } from "../../lib/api";

/**
 * An admin failure as the spec names it ("Action failed", "Unban failed", …), then the server's
 * reason on the next line when it gave one ("You cannot ban yourself.").
 */
export function failureText(error: unknown, title: string): string {
  const detail = error instanceof ApiError ? formatDetail(error.detail) : null;
  return detail && detail !== title ? `${title}\n${detail}` : title;
}
