import type { ReportGroup } from "../../../../common/api/reports";
import { m } from "../../../../common/messages";

/** The text ClubNica reported, with each watched word it found marked. */
export function WatchedSnapshot({ group }: { group: ReportGroup }) {
  if (!group.snapshot || group.highlights.length === 0) return null;
  const text = group.snapshot;
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const { start, end } of group.highlights) {
    if (start < at) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marked: false });
  return (
    <div className="report-context" data-testid="watched-snapshot">
      <h3 className="report-group__subtitle">{m.watchedWordsPage.matchedWords}</h3>
      <blockquote className="report-context__text">
        {parts.map((part, i) =>
          part.marked ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
            <mark key={i} className="watched-match">
              {part.text}
            </mark>
          ) : (
            part.text
          ),
        )}
      </blockquote>
    </div>
  );
}
