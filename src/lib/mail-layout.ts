import { currentLocale, format, type Locale, m } from "../../common/messages";

/** Who an e-mail is for; `locale` is the language they chose (null until they choose). */
export type MailRecipient = { username: string; firstName: string | null; locale?: Locale | null };

/** The parts every ClubNica e-mail has: who it greets, what it is for, an optional code. */
export type MailContent = {
  subject: string;
  greetingName: string;
  username: string;
  paragraphs: string[];
  code?: string;
  afterCode?: string[];
};

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/**
 * Renders the plain-text and HTML parts from the same content, so both always say the same
 * thing. The HTML uses inline styles only: mail clients drop style sheets.
 */
export function renderMail(content: MailContent): { subject: string; text: string; html: string } {
  const greeting = format(m.mail.greeting, { name: content.greetingName });
  const footer = format(m.mail.footer, { username: content.username });
  const after = content.afterCode ?? [];
  const text = [
    greeting,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.code ? [`    ${content.code}`, ""] : []),
    ...after.flatMap((p) => [p, ""]),
    "--",
    `${m.common.appName}: ${footer}`,
  ].join("\n");
  const p = (value: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(value)}</p>`;
  const codeBlock = content.code
    ? `<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:monospace;color:#00509a">${escapeHtml(content.code)}</p>`
    : "";
  const html = `<!doctype html>
<html lang="${currentLocale()}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#0067c6">${escapeHtml(m.common.appName)}</p>
${p(greeting)}
${content.paragraphs.map(p).join("\n")}
${codeBlock}
${after.map(p).join("\n")}
<p style="margin:24px 0 0;font-size:14px;color:#52606d">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject: content.subject, text, html };
}

export { maskEmail } from "../../common/mask-email";
