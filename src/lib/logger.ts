import pino from "pino";

export type Logger = pino.Logger;

/**
 * JSON log lines via pino. Never log passwords, codes, tokens or e-mail bodies: the redact list
 * is a safety net, not a licence.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "clubnica" },
    redact: {
      paths: [
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
      ],
      censor: "[redacted]",
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}
