import pino from "pino";

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
 * Lines go to stdout through an asynchronous sonic-boom: a line is appended to a buffer and
 * written by one `write` per batch off the request's path (a synchronous write per line was a
 * quarter of the server's CPU under load), at the latest a quarter of a second after it was
 * logged. pino flushes the buffer synchronously when the process
 * exits (process.exit included), so shutdown and start-up failure lines still reach the log.
 */
export function createLogger(level: string, destination: pino.DestinationStream = asyncStdout()): Logger {
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

/** Lines wait in the buffer for at most this long when traffic is too light to fill it. */
const LOG_FLUSH_MS = 250;

/**
 * One write per 8 KB of lines (about fifty) instead of one per line: under load each write was
 * a syscall plus its callback, 10-30% of the process's CPU in the perf profiles. sonic-boom is
 * patched (patches/sonic-boom@4.2.1.patch): it measured the whole pending buffer again for every
 * line and re-encoded each written batch, together over half the CPU of a cached answer.
 */
export function batchedDestination(dest: number | string) {
  const destination = pino.destination({ dest, sync: false, minLength: 8 * 1024 });
  const timer = setInterval(() => destination.flush(), LOG_FLUSH_MS).unref();
  destination.on("close", () => clearInterval(timer));
  return destination;
}

function asyncStdout() {
  return batchedDestination(1);
}

/**
 * The per-request access line: a child without redaction, since its fields are fixed (method,
 * path without the query, status, duration, request id) and none can hold a secret; redaction
 * more than doubled the cost of the line.
 */
export function accessLogger(logger: Logger): Logger {
  return logger.child({}, { redact: [] });
}

/** Resolves once the lines logged so far are written (at most 1 s: a stuck stdout must not hang shutdown). */
export async function flushLog(logger: Logger): Promise<void> {
  await Promise.race([new Promise<void>((done) => logger.flush(() => done())), Bun.sleep(1000)]);
}
