import { randomBytes } from "node:crypto";
import { currentLocale, format, m } from "../../../common/messages";
import { escapeHtml } from "../../lib/mail-layout";

/** The page's own policy: its inline style by nonce, and its form may post only here. */
function pagePolicy(nonce: string): string {
  return `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
}

const STYLE = `body{margin:0;padding:16px;background:#f4f6f8;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933}
main{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:20px}
h1{font-size:20px;margin:0 0 16px}p{line-height:1.5;margin:0 0 16px}
button{font:inherit;font-weight:600;background:#0067c6;color:#fff;border:0;border-radius:8px;padding:12px 20px;min-height:44px;cursor:pointer}
button:focus-visible{outline:3px solid #00509a;outline-offset:2px}a{color:#00509a}`;

export type UnsubscribePage =
  | { kind: "confirm"; email: string; action: string }
  | { kind: "done" }
  | { kind: "already-off" };

/**
 * The small server-rendered page behind the digest's unsubscribe link, in the current language:
 * a question with a button that POSTs (opening the page changes nothing), or the outcome.
 * Returns the HTML and its Content-Security-Policy.
 */
export function renderUnsubscribePage(page: UnsubscribePage, homeUrl: string) {
  const t = m.digest;
  const nonce = randomBytes(16).toString("base64");
  const body =
    page.kind === "confirm"
      ? `<h1>${escapeHtml(t.pageTitle)}</h1>
<p>${escapeHtml(format(t.confirmQuestion, { email: page.email }))}</p>
<form method="post" action="${escapeHtml(page.action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<p><button type="submit">${escapeHtml(t.confirmButton)}</button></p>
</form>
<p>${escapeHtml(t.confirmNote)}</p>`
      : `<h1>${escapeHtml(page.kind === "done" ? t.doneTitle : t.alreadyOff)}</h1>
<p>${escapeHtml(t.settingsNote)}</p>`;
  const html = `<!doctype html>
<html lang="${currentLocale()}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(t.pageTitle)} · ${escapeHtml(m.common.appName)}</title>
<style nonce="${nonce}">${STYLE}</style></head>
<body><main>
${body}
<p><a href="${escapeHtml(homeUrl)}">${escapeHtml(t.openAppButton)}</a></p>
</main></body></html>`;
  return { html, policy: pagePolicy(nonce) };
}
