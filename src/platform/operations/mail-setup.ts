import type { Config } from "../../config";
import type { JobQueue } from "../../lib/jobs/queue";
import type { Logger } from "../../lib/logger";
import { withMailRetries } from "../../lib/mail-retry";
import { createMailer, type Mailer } from "../../lib/mailer";

/**
 * The app's mailer. With SMTP, failed sends are retried from the job queue; in production
 * without SMTP_URL there is no mail, which is allowed: the app starts, says so in the log, and
 * the screens that need mail tell users and admins.
 */
export async function setupMail(options: {
  config: Config;
  logger: Logger;
  jobs: JobQueue;
  secret: string;
}): Promise<Mailer> {
  const { config, logger } = options;
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    logger,
    production: config.NODE_ENV === "production",
  });
  if (mailer.mode === "disabled") {
    logger.warn(
      "SMTP_URL is not set: e-mail is off. Verification and password-reset codes cannot be sent; admins see a notice.",
    );
    return mailer;
  }
  if (mailer.mode !== "smtp") return mailer;
  const retrying = withMailRetries({ mailer, jobs: options.jobs, secret: options.secret, logger });
  await retrying.start();
  return retrying;
}
