import nodemailer from "nodemailer";
import type { Logger } from "./logger";

export type Mail = { to: string; subject: string; text: string; html: string };
export type SentMail = Mail & { from: string; sentAt: string };

export type Mailer = {
  send: (mail: Mail) => Promise<void>;
  /** Development only (no SMTP_URL): the last mails, shown on /dev/mail. */
  outbox: SentMail[] | null;
  close: () => void;
};

const OUTBOX_LIMIT = 50;

/**
 * nodemailer over SMTP_URL with a pooled transport (a new SMTP connection costs ~0.1 s).
 * Without SMTP_URL, mails go to an in-memory outbox for /dev/mail; the log gets only who and
 * what for, never the body (it carries codes).
 */
export function createMailer(options: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    const outbox: SentMail[] = [];
    return {
      outbox,
      send: async (mail) => {
        outbox.unshift({ ...mail, from, sentAt: new Date().toISOString() });
        outbox.length = Math.min(outbox.length, OUTBOX_LIMIT);
        logger.info({ to: mail.to, subject: mail.subject }, "mail kept in the dev outbox (/dev/mail)");
      },
      close: () => {},
    };
  }
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    outbox: null,
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
      logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
    },
    close: () => transport.close(),
  };
}
