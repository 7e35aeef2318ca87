import { Elysia } from "elysia";
import { m } from "../../../common/messages";
import type { AppDeps } from "../../deps";
import { documentedContent } from "../../lib/api-responses";
import { escapeHtml } from "../../lib/mail-layout";
import type { SentMail } from "../../lib/mailer";
import { devMailDocs } from "./route-docs";

function renderOutbox(outbox: SentMail[]): string {
  const items = outbox
    .map(
      (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.to)} · from ${escapeHtml(mail.from)} · <time>${escapeHtml(mail.sentAt)}</time></p>
<details open><summary>Text</summary><pre>${escapeHtml(mail.text)}</pre></details>
<details><summary>HTML</summary><iframe sandbox title="${escapeHtml(mail.subject)}" srcdoc="${escapeHtml(mail.html)}"></iframe></details>
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(m.mail.devOutboxTitle)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;padding:16px;max-width:760px;color:#1f2933}
article{border:1px solid #d9e2ec;border-radius:8px;padding:12px 16px;margin:0 0 16px}
h2{font-size:18px;margin:0 0 4px}.meta{color:#52606d;font-size:14px;margin:0 0 8px}
pre{white-space:pre-wrap;background:#f4f6f8;padding:8px;border-radius:4px}
iframe{width:100%;height:420px;border:1px solid #d9e2ec}
</style></head>
<body><h1>${escapeHtml(m.mail.devOutboxTitle)}</h1><p>${escapeHtml(m.mail.devOutboxNote)}</p>
${items || `<p>${escapeHtml(m.mail.devOutboxEmpty)}</p>`}
</body></html>`;
}

/**
 * Development only: without SMTP_URL mails are kept in memory, and this page shows them (codes
 * included), so it is never registered in production or when a real SMTP server is used.
 */
export function devMailRoutes({ deps }: { deps: Pick<AppDeps, "config" | "mailer"> }) {
  const plugin = new Elysia({ name: "dev-mail-routes", detail: { tags: ["Development"] } });
  const outbox = deps.mailer.outbox;
  if (!outbox || deps.config.NODE_ENV === "production") return plugin;
  return plugin.get(
    "/dev/mail",
    () =>
      new Response(renderOutbox(outbox), {
        headers: {
          "content-type": "text/html; charset=utf-8",
          "cache-control": "no-store",
          "x-robots-tag": "noindex",
        },
      }),
    {
      detail: { ...documentedContent.html, ...devMailDocs.outbox },
    },
  );
}
