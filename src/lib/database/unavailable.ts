/**
 * True when an error (or anything it wraps: drizzle puts the driver's error in `cause`, and a
 * connect that tried several addresses throws an AggregateError) means the database cannot be
 * reached right now: shutting down, starting up, or the connection is gone. Those are outages,
 * answered 503 with Retry-After, not bugs answered 500.
 */
const UNAVAILABLE_CODES = new Set([
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "57P05", // idle_session_timeout: the server closed the session
  // The socket under the connection: refused, reset, or written to after the server went away
  // (a write racing a restart fails with EPIPE before postgres.js sees the close).
  "EPIPE",
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ENOTCONN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  // postgres.js's own names for a connection it lost or gave up on.
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);

/** SQLSTATE class 08, "connection exception", whatever the subclass. */
const CONNECTION_EXCEPTION = /^08[0-9A-Z]{3}$/;

function isUnavailableCode(code: unknown): code is string {
  return typeof code === "string" && (UNAVAILABLE_CODES.has(code) || CONNECTION_EXCEPTION.test(code));
}

/** The code that marks the error as an outage (for the log line), or null when it is none. */
export function findUnavailableCode(error: unknown): string | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  // Bounded: a cause chain is short, and a cycle (an error that is its own cause) must end.
  while (queue.length > 0 && seen.size < 20) {
    const current = queue.shift();
    if (!current || typeof current !== "object" || seen.has(current)) continue;
    seen.add(current);
    const e = current as { code?: unknown; cause?: unknown; errors?: unknown };
    if (isUnavailableCode(e.code)) return e.code;
    queue.push(e.cause);
    if (Array.isArray(e.errors)) queue.push(...e.errors);
  }
  return null;
}
