import { ApiError, formatDetail } from "./api";

export type SignupErrors = { username?: string; password?: string; other?: string };

/**
 * Sorts a refused POST /signup/complete by the field it concerns, so the profile screen can
 * show an editable username (or password) with its error beside it: 409 is the username taken,
 * 422 entries name their field in `loc`; everything else stays a message for the form.
 */
export function signupErrorsFrom(error: unknown, fallback: string): SignupErrors {
  if (!(error instanceof ApiError)) return { other: fallback };
  if (error.status === 409) return { username: error.message };
  const result: SignupErrors = {};
  const rest: unknown[] = [];
  if (error.status === 422 && Array.isArray(error.detail)) {
    for (const entry of error.detail as { loc?: unknown[]; msg?: string }[]) {
      const field = entry.loc?.find((part) => part === "username" || part === "password");
      if (field === "username" || field === "password") result[field] ??= entry.msg;
      else rest.push(entry);
    }
    const other = formatDetail(rest, { messagesOnly: true });
    if (other) result.other = other;
    return result;
  }
  return { other: error.message || fallback };
}
