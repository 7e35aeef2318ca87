import { formatDate, formatDateTime } from "../../../common/datetime";
import { currentLocale, format, m } from "../../../common/messages";
import { escapeHtml } from "../../lib/mail-layout";
import type { collectContents } from "./contents";

type ExportDocument = NonNullable<Awaited<ReturnType<typeof collectContents>>>["document"];
/** A picture as the JSON lists it: `file` is its path in the ZIP, null when it did not fit. */
export type ListedPicture = { of: string; url: string | null; file: string | null };

const h = (value: string | null | undefined) => escapeHtml(value ?? "");

// Inline and small: the page opens from a folder with no network and no scripts.
const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:16px;
color:#1f2933;background:#fafaf7;line-height:1.5}main{max-width:760px;margin:0 auto}
h1{font-size:1.6rem;margin:0 0 4px}h2{font-size:1.2rem;margin:32px 0 8px;border-bottom:2px solid #e4e7eb;padding-bottom:4px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
ul.items{list-style:none;margin:0;padding:0}ul.items li{background:#fff;border:1px solid #e4e7eb;border-radius:8px;padding:8px 12px;margin:8px 0}
.meta{color:#52606d;font-size:.875rem}.text{white-space:pre-wrap;overflow-wrap:anywhere;margin:4px 0 0}
.photos{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:12px;list-style:none;padding:0}
.photos img{width:100%;height:140px;object-fit:cover;border-radius:8px;display:block}a{color:#0b5cad}`;

function section(title: string, body: string) {
  return `<section><h2>${h(title)}</h2>${body}</section>`;
}

function list(items: string[]) {
  const t = m.dataExport.page;
  return items.length ? `<ul class="items">${items.join("")}</ul>` : `<p class="meta">${h(t.none)}</p>`;
}

function profileSection(doc: ExportDocument, photo: ListedPicture | undefined) {
  const t = m.dataExport.page;
  const p = doc.profile;
  const name = [p.first_name, p.middle_name, p.last_name].filter(Boolean).join(" ");
  const rows: [string, string | null][] = [
    [t.name, name || null],
    [t.username, p.username],
    [t.email, p.email],
    [t.school, p.school],
    [t.region, p.region],
    [t.about, p.description],
    [t.joined, formatDate(p.created_at)],
  ];
  const picture = photo?.file
    ? `<p><img src="${h(photo.file)}" alt="${h(t.profilePhoto)}" width="96" height="96" style="border-radius:50%;object-fit:cover"></p>`
    : "";
  const dl = rows
    .filter(([, value]) => value)
    .map(([label, value]) => `<dt>${h(label)}</dt><dd>${h(value)}</dd>`)
    .join("");
  return section(t.profile, `${picture}<dl>${dl}</dl>`);
}

function messagePlace(doc: ExportDocument, message: ExportDocument["messages_sent"][number]) {
  const t = m.dataExport.page;
  if (message.to_user_id !== null) return format(t.toPerson, { id: message.to_user_id });
  const clubs = [...doc.club_memberships, ...doc.clubs_owned];
  const club =
    clubs.find((c) => c.club_id === message.club_id)?.club_name ??
    format(t.clubNumber, { id: message.club_id ?? 0 });
  return format(message.channel === "announcements" ? t.inAvisos : t.inClub, { club });
}

/**
 * The file's index.html: the person's profile, clubs, posts, comments, messages and photos as a
 * page anyone can open from the unzipped folder, in the person's language. Every piece of text
 * the person or anyone else wrote is escaped; no scripts, no outside requests; photos are the
 * ZIP's own files (pictures/…), linked relatively.
 */
export function renderIndexPage({
  document: doc,
  pictures,
  jsonFile,
}: {
  document: ExportDocument;
  pictures: ListedPicture[];
  jsonFile: string;
}): string {
  const t = m.dataExport.page;
  const jsonLink = `<a href="${h(jsonFile)}">${h(jsonFile)}</a>`;
  const photoFor = (of: string) => pictures.find((p) => p.of === of);

  const clubs = list([
    ...doc.clubs_owned.map((c) => `<li>${h(c.club_name)} <span class="meta">(${h(t.owner)})</span></li>`),
    ...doc.club_memberships.map(
      (c) => `<li>${h(c.club_name)} <span class="meta">· ${h(formatDate(c.joined_at))}</span></li>`,
    ),
  ]);
  const posts = list(
    doc.posts.map((post) => {
      const photo = photoFor(`post-${post.id}`);
      const image = photo?.file
        ? `<p><a href="${h(photo.file)}"><img src="${h(photo.file)}" alt="${h(format(t.postPhoto, { id: post.id }))}" style="max-width:100%;border-radius:8px"></a></p>`
        : "";
      return `<li><strong>${h(post.title)}</strong> <span class="meta">· ${h(formatDateTime(post.created_at))}</span>
<p class="text">${h(post.content)}</p>${image}</li>`;
    }),
  );
  const comments = list(
    doc.comments.map(
      (c) =>
        `<li><span class="meta">${h(format(t.commentOn, { id: c.post_id }))} · ${h(formatDateTime(c.created_at))}</span><p class="text">${h(c.content)}</p></li>`,
    ),
  );
  const messages = list(
    doc.messages_sent.map((msg) => {
      const edited = msg.edited_at ? ` · ${h(t.edited)}` : "";
      return `<li data-message><span class="meta">${h(messagePlace(doc, msg))} · ${h(formatDateTime(msg.created_at))}${edited}</span><p class="text">${h(msg.content)}</p></li>`;
    }),
  );
  const photoItems = pictures.map((photo) => {
    const label =
      photo.of === "profile" ? t.profilePhoto : format(t.postPhoto, { id: photo.of.replace(/^post-/, "") });
    if (!photo.file)
      return `<li><p class="meta">${h(label)}: ${h(format(t.photoNotIncluded, { url: photo.url ?? "" }))}</p></li>`;
    return `<li><a href="${h(photo.file)}"><img src="${h(photo.file)}" alt="${h(label)}" loading="lazy"></a><span class="meta">${h(label)}</span></li>`;
  });
  const photos = photoItems.length
    ? `<ul class="photos">${photoItems.join("")}</ul>`
    : `<p class="meta">${h(t.none)}</p>`;

  return `<!doctype html>
<html lang="${currentLocale()}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'unsafe-inline'">
<title>${h(t.title)}</title><style>${STYLE}</style></head>
<body><main>
<h1>${h(t.title)}</h1>
<p class="meta">${h(format(t.generated, { date: formatDateTime(doc.generated_at) }))}</p>
<p>${h(doc.note)}</p>
<p>${h(format(t.jsonLink, { file: jsonFile })).replace(h(jsonFile), jsonLink)}</p>
${profileSection(doc, photoFor("profile"))}
${section(t.clubs, clubs)}
${section(t.posts, posts)}
${section(t.comments, comments)}
${section(t.messages, messages)}
${section(t.photos, photos)}
<p class="meta">${h(format(t.more, { file: jsonFile }))}</p>
</main></body></html>
`;
}
