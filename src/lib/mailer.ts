import type { Transporter } from "nodemailer";
import type { Logger } from "./logger";
import { recordMailFailed, recordMailSent } from "./metrics";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (the digest's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
  /**
   * The same Message-ID on every attempt of one mail (a job retried after a crash): a mail
   * client shows a copy sent again as the same message. Default: a fresh one per send.
   */
  messageId?: string;
};
export type SentMail = Mail & { from: string; sentAt: string };

/**
 * smtp: a real SMTP server (SMTP_URL). outbox: development without SMTP_URL, mails kept for
 * /dev/mail. disabled: production without SMTP_URL; the app runs, flows that need mail say so.
 */
type MailMode = "smtp" | "outbox" | "disabled";

export type Mailer = {
  mode: MailMode;
  send: (mail: Mail) => Promise<void>;
  /** Development only (no SMTP_URL): the last mails, shown on /dev/mail. */
  outbox: SentMail[] | null;
  close: () => void;
};

/** Thrown by a disabled mailer: there is no SMTP server to send through. */
class MailNotConfigured extends Error {
  constructor() {
    super("e-mail is not configured (no SMTP_URL)");
  }
}

const OUTBOX_LIMIT = 50;

/**
 * nodemailer over SMTP_URL with a pooled transport (a new SMTP connection costs ~0.1 s).
 * Without SMTP_URL, development keeps mails in an in-memory outbox for /dev/mail and production
 * has no mail at all. The log gets only who and what for, never the body (it carries codes).
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  logger: Logger;
  production?: boolean;
}): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl && options.production) {
    return {
      mode: "disabled",
      outbox: null,
      send: async () => {
        throw new MailNotConfigured();
      },
      close: () => {},
    };
  }
  if (!smtpUrl) {
    const outbox: SentMail[] = [];
    return {
      mode: "outbox",
      outbox,
      send: async (mail) => {
        outbox.unshift({ ...mail, from, sentAt: new Date().toISOString() });
        outbox.length = Math.min(outbox.length, OUTBOX_LIMIT);
        logger.info({ to: mail.to, subject: mail.subject }, "mail kept in the dev outbox (/dev/mail)");
      },
      close: () => {},
    };
  }
  // nodemailer (about 300 KB of code) loads with the first mail, not at start-up: most processes
  // of a replica set never send one, and every loaded module stays in each process's heap.
  let transport: Promise<Transporter> | null = null;
  const openTransport = async () => {
    const { default: nodemailer } = await import("nodemailer");
    return nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 3,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as Parameters<typeof nodemailer.createTransport>[0]);
  };
  return {
    mode: "smtp",
    outbox: null,
    send: async (mail) => {
      try {
        transport ??= openTransport().catch((error) => {
          transport = null; // a failed load is tried again with the next mail
          throw error;
        });
        await (await transport).sendMail({ from, ...mail });
      } catch (error) {
        recordMailFailed();
        throw error;
      }
      recordMailSent();
      logger.info({ to: mail.to, subject: mail.subject }, "mail sent");
    },
    close: () => {
      transport?.then((opened) => opened.close()).catch(() => {});
    },
  };
}
