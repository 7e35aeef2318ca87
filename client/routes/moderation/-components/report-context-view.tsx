import type { ReportContext, ReportGroup } from "../../../../common/api/reports";
import { formatDateTime } from "../../../../common/datetime";
import { format, m } from "../../../../common/messages";

const t = m.reportQueuePage;

type Line = Extract<ReportContext, { kind: "comment" }>["thread"][number];

/** A thread of comments or chat messages, the reported one marked. */
function Lines({ lines, label }: { lines: Line[]; label: string }) {
  return (
    <ol className="report-context__lines" aria-label={label}>
      {lines.map((line) => (
        <li
          key={line.id}
          className={
            line.reported ? "report-context__line report-context__line--reported" : "report-context__line"
          }
          data-reported={line.reported || undefined}
        >
          <span className="report-context__who">{line.sender?.display_name ?? m.posts.deletedUser}</span>{" "}
          <time className="muted" dateTime={line.created_at}>
            {formatDateTime(line.created_at)}
          </time>
          {line.reported ? <strong className="report-context__mark"> · {t.reportedMark}</strong> : null}
          <p className="report-context__text">{line.content}</p>
        </li>
      ))}
    </ol>
  );
}

/** The reported content as it is now; its snapshot when it is gone. */
export function ReportContextView({ group }: { group: ReportGroup }) {
  const c = group.context;
  if (!c) {
    return (
      <div className="report-context report-context--gone">
        <p className="muted">{t.gone}</p>
        {group.snapshot ? <blockquote className="report-context__text">{group.snapshot}</blockquote> : null}
      </div>
    );
  }
  switch (c.kind) {
    case "post":
      return (
        <div className="report-context">
          <p className="muted">{c.club_name}</p>
          <p className="report-context__heading">{c.title ?? t.untitledPost}</p>
          {c.text ? <p className="report-context__text">{c.text}</p> : null}
        </div>
      );
    case "comment":
      return (
        <div className="report-context">
          <p className="report-context__heading">
            {format(t.inPost, { title: c.post_title ?? t.untitledPost })}
          </p>
          <Lines lines={c.thread} label={t.thread} />
        </div>
      );
    case "message":
      return (
        <div className="report-context">
          <p className="report-context__heading">
            {c.club_name
              ? format(c.channel === "announcements" ? t.clubAvisos : t.clubChat, { club: c.club_name })
              : format(t.directChat, {
                  a: c.between[0]?.display_name ?? "",
                  b: c.between[1]?.display_name ?? "",
                })}
          </p>
          <Lines lines={c.messages} label={t.conversation} />
        </div>
      );
    case "club":
      return (
        <div className="report-context">
          <p className="report-context__heading">{c.name}</p>
          <p className="report-context__text">{c.description}</p>
        </div>
      );
    case "user":
      return (
        <div className="report-context">
          <p className="report-context__heading">@{group.snapshot}</p>
          {c.description ? <p className="report-context__text">{c.description}</p> : null}
        </div>
      );
  }
}
