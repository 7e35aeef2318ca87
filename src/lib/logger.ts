import pino from "pino";
import { jsonString } from "./json-string";
import { batchedDestination } from "./log-destination";

export type Logger = pino.Logger;

/** Fields that can carry a secret when a log call passes a body, a form or headers. */
const REDACTED_PATHS = [
  "password",
  "*.password",
  "new_password",
  "*.new_password",
  "code",
  "*.code",
  "token",
  "*.token",
  "access_token",
  "headers.authorization",
  "text",
  "html",
];

/**
 * JSON log lines via pino. Never log passwords, codes, tokens or e-mail bodies: the redact list
 * is a safety net, not a licence.
 *
 * Lines go to stdout through a batching sonic-boom: a line is appended to a buffer and written
 * by one `write` per batch (a write per line was a quarter of the server's CPU under load), at
 * the latest a quarter of a second after it was logged. pino flushes the buffer when the process
 * exits (process.exit included), so shutdown and start-up failure lines still reach the log.
 */
export function createLogger(level: string, destination: pino.DestinationStream = batchedStdout()): Logger {
  return pino(
    {
      level,
      base: { service: "clubnica" },
      redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

function batchedStdout() {
  return batchedDestination(1);
}

export type AccessLine = {
  request_id: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number | undefined;
};

/** What a path or query secret is replaced by in the logs. */
const LOG_MASK = "***";

/**
 * Paths that may carry a secret: the private calendar feed's (`/calendar/{token}.ics`, in any
 * case: a miscased address does not reach the feed but still holds a typed token), any
 * percent-encoded path (`/%63alendar/…`), and a query string. Every access line pays one
 * regular-expression test, which nearly every path fails (about 20 ns, as much as jsonString's);
 * only the rare path that passes it is looked at further.
 */
const MAYBE_SECRET = /calendar|digest|[%?#]/i;
const FEED_TOKEN = /(\/calendar\/+)([^/?#]+)/gi;
// The digest's unsubscribe link carries its token in the query (masked with any query); a
// client that turned the `?token=` into path segments must not get it logged either.
const DIGEST_TOKEN = /(\/digest\/+unsubscribe\/+)([^?#]+)/gi;

/**
 * The path as a log line may show it: the calendar feed's token, anything after the digest's
 * `/api/digest/unsubscribe/`, and a whole query string (there
 * is none in the access line, whose path stops at `?`; this is the safety net) replaced by
 * `***`, so `/calendar/Dg6u….ics` is written `/calendar/***.ics`.
 */
export function logPath(path: string): string {
  if (!MAYBE_SECRET.test(path)) return path;
  let masked = path;
  const query = masked.search(/[?#]/);
  if (query !== -1) masked = `${masked.slice(0, query + 1)}${LOG_MASK}`;
  if (masked.includes("%")) {
    try {
      // Read the way the router reads it: `/%63alendar/x` is `/calendar/x`.
      const decoded = decodeURIComponent(masked);
      if (/\/calendar\/|\/digest\//i.test(decoded)) masked = decoded;
    } catch {
      // Not valid percent-encoding (answered 400): nothing decodes, so nothing to find.
    }
  }
  return masked
    .replace(
      FEED_TOKEN,
      (_, prefix: string, file: string) => `${prefix}${LOG_MASK}${/\.ics$/i.test(file) ? ".ics" : ""}`,
    )
    .replace(DIGEST_TOKEN, (_, prefix: string) => `${prefix}${LOG_MASK}`);
}

/**
 * The per-request access line, written straight to the logger's destination in pino's format
 * (level, time, service, then the fields and `msg`). Its fields are fixed and the path passes
 * through logPath (the calendar feed's token masked; it has no query), so it needs neither
 * redaction nor pino's generic serialisation, which was a quarter of the CPU of a cached
 * answer (one line per request).
 */
export function accessLogger(logger: Logger): (line: AccessLine) => void {
  const stream = (logger as unknown as Record<symbol, { write: (line: string) => void }>)[
    pino.symbols.streamSym
  ];
  const service = JSON.stringify(logger.bindings().service ?? "clubnica");
  const level = pino.levels.values.info;
  return (line) => {
    if (!stream || !logger.isLevelEnabled("info")) return;
    const duration = line.duration_ms === undefined ? "" : `,"duration_ms":${line.duration_ms}`;
    stream.write(
      `{"level":${level},"time":"${isoNow()}","service":${service},` +
        `"request_id":${jsonString(line.request_id)},"method":${jsonString(line.method)},` +
        `"path":${jsonString(logPath(line.path))},"status":${line.status}${duration},"msg":"request"}\n`,
    );
  };
}

let isoMs = 0;
let isoText = "";

/** The time as pino's isoTime writes it, formatted once per millisecond rather than per line. */
function isoNow(): string {
  const ms = Date.now();
  if (ms !== isoMs) {
    isoMs = ms;
    isoText = new Date(ms).toISOString();
  }
  return isoText;
}

/** Resolves once the lines logged so far are written (at most 1 s: a stuck stdout must not hang shutdown). */
export async function flushLog(logger: Logger): Promise<void> {
  await Promise.race([new Promise<void>((done) => logger.flush(() => done())), Bun.sleep(1000)]);
}
