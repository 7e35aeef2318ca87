import { currentLocale, format, m } from "../../../common/messages";
import { escapeHtml } from "../../lib/mail-layout";
import { eventUrl, formatEventTime } from "../events";
import type { DigestItem } from "./content-queries";
import type { DigestContent } from "./service";

type Link = { text: string; url: string };
type Section = { title: string; links: Link[]; more: number };

export type DigestMailInput = {
  content: DigestContent;
  person: { username: string; firstName: string | null };
  baseUrl: string;
  unsubscribeUrl: string;
};

function itemLink(item: DigestItem, baseUrl: string, locale: string): Link {
  const t = m.digest;
  const values = { title: item.title ?? t.untitledPost, club: item.clubName };
  const text = item.eventDate
    ? format(t.eventLine, { ...values, when: formatEventTime(item.eventDate, locale) })
    : format(t.postLine, values);
  return { text, url: eventUrl(baseUrl, { clubId: item.clubId, postId: item.postId }) };
}

function sectionsOf({ content, baseUrl }: DigestMailInput, locale: string): Section[] {
  const t = m.digest;
  const list = (title: string, section: { items: DigestItem[]; total: number }): Section[] =>
    section.items.length === 0
      ? []
      : [
          {
            title,
            links: section.items.map((item) => itemLink(item, baseUrl, locale)),
            more: section.total - section.items.length,
          },
        ];
  const requests: Section[] =
    content.requests.length === 0
      ? []
      : [
          {
            title: t.requestsTitle,
            links: content.requests.map((r) => ({
              text: format(t.requestsLine, { club: r.clubName, count: r.count }),
              url: `${baseUrl}/connections`,
            })),
            more: 0,
          },
        ];
  return [
    ...requests,
    ...list(t.clubEventsTitle, content.clubEvents),
    ...list(format(t.regionEventsTitle, { region: content.regionEvents.region ?? "" }), content.regionEvents),
    ...list(t.postsTitle, content.posts),
  ];
}

/**
 * The weekly digest, in the current language (the caller runs it in the recipient's): plain
 * text and HTML with the same content, every link absolute, one column that reads on a phone.
 * The HTML uses inline styles only: mail clients drop style sheets.
 */
export function renderDigestMail(input: DigestMailInput): { subject: string; text: string; html: string } {
  const t = m.digest;
  const locale = currentLocale();
  const sections = sectionsOf(input, locale);
  const greeting = format(m.mail.greeting, { name: input.person.firstName || input.person.username });
  const footer = format(m.mail.footer, { username: input.person.username });
  const home = `${input.baseUrl}/home`;
  const moreText = (n: number) => (n > 0 ? [format(t.more, { count: n })] : []);
  const text = [
    greeting,
    "",
    t.intro,
    "",
    ...sections.flatMap((s) => [
      s.title,
      ...s.links.map((l) => `- ${l.text}\n  ${l.url}`),
      ...moreText(s.more),
      "",
    ]),
    format(t.openApp, { url: home }),
    "",
    "--",
    format(t.unsubscribeNote, { url: input.unsubscribeUrl }),
    t.settingsNote,
    `${m.common.appName}: ${footer}`,
  ].join("\n");
  const p = (value: string, style = "") =>
    `<p style="margin:0 0 16px;line-height:1.5${style}">${escapeHtml(value)}</p>`;
  const a = (l: Link) =>
    `<a href="${escapeHtml(l.url)}" style="color:#00509a;text-decoration:underline">${escapeHtml(l.text)}</a>`;
  const sectionHtml = (
    s: Section,
  ) => `<h2 style="margin:24px 0 8px;font-size:17px;color:#1f2933">${escapeHtml(s.title)}</h2>
<ul style="margin:0 0 8px;padding:0 0 0 20px;line-height:1.5">
${s.links.map((l) => `<li style="margin:0 0 8px">${a(l)}</li>`).join("\n")}
</ul>
${moreText(s.more)
  .map((v) => p(v, ";color:#52606d"))
  .join("")}`;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(t.subject)}</title></head>
<body style="margin:0;padding:16px;background:#f4f6f8;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:20px">
<p style="margin:0 0 16px;font-size:20px;font-weight:700;color:#0067c6">${escapeHtml(m.common.appName)}</p>
${p(greeting)}
${p(t.intro)}
${sections.map(sectionHtml).join("\n")}
<p style="margin:24px 0"><a href="${escapeHtml(home)}" style="display:inline-block;background:#0067c6;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(t.openAppButton)}</a></p>
<p style="margin:24px 0 0;font-size:14px;color:#52606d;line-height:1.5"><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#52606d">${escapeHtml(t.unsubscribeLink)}</a>. ${escapeHtml(t.settingsNote)}</p>
<p style="margin:8px 0 0;font-size:14px;color:#52606d">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject: t.subject, text, html };
}
