import type { AppDeps } from "../../deps";
import { defaultLocale, inLocale } from "../../platform/locale/request-locale";
import { sendOnce } from "../../platform/sent-mails/service";
import { publicBaseUrl } from "../events";
import { renderDigestMail } from "./digest-mail";
import {
  ensureDigestToken,
  findDigestRecipient,
  findLastDigestAt,
  hasDigestFor,
  recordDigestSend,
} from "./queries";
import { collectDigest, countDigestItems, digestSince } from "./service";

/** One person's digest job: the ISO week and the moment the weekly tick ran. */
export type DigestJob = { userId: number; week: string; now: string };

function unsubscribeUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/api/digest/unsubscribe?token=${token}`;
}

/** The same Message-ID on every attempt: a mail client shows a resent copy as the same mail. */
function digestMessageId(baseUrl: string, { userId, week }: { userId: number; week: string }) {
  return `<digest-${userId}-${week}@${new URL(baseUrl).hostname}>`;
}

/**
 * Sends one person's digest for the week, when there is something new and none went out yet.
 * digest_sends (person, week) is the ledger: checked under a lock on the key before sending and
 * written right after the SMTP server's 250, in its own commit (sendOnce), so another replica
 * or a retry after a crash finds it and sends nothing. Returns whether a mail was sent.
 */
export async function sendDigest(deps: Pick<AppDeps, "db" | "mailer" | "config">, job: DigestJob) {
  // No mail server: a digest is only an e-mail (and retries would only fill the log).
  if (deps.mailer.mode === "disabled") return false;
  const now = new Date(job.now);
  const person = await findDigestRecipient(deps.db, job.userId, now);
  if (!person?.email || (await hasDigestFor(deps.db, person.id, job.week))) return false;
  const since = digestSince(now, await findLastDigestAt(deps.db, person.id));
  const content = await collectDigest(deps.db, { person, since, now });
  const items = countDigestItems(content);
  if (items === 0) return false;
  const baseUrl = publicBaseUrl(deps.config);
  const link = unsubscribeUrl(baseUrl, await ensureDigestToken(deps.db, person.id));
  const to = person.email;
  const key = { userId: person.id, week: job.week };
  return await sendOnce({
    db: deps.db,
    key: `digest:${person.id}:${job.week}`,
    alreadySent: (tx) => hasDigestFor(tx, person.id, job.week),
    recordSent: (tx) => recordDigestSend(tx, { ...key, sentAt: now, items }),
    send: async () => {
      const mail = inLocale(person.locale ?? defaultLocale(), () =>
        renderDigestMail({ content, person, baseUrl, unsubscribeUrl: link }),
      );
      await deps.mailer.send({
        to,
        ...mail,
        messageId: digestMessageId(baseUrl, key),
        // RFC 2369 and RFC 8058: mail clients show an "Unsubscribe" button that POSTs to the link.
        headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
      return true;
    },
  });
}
