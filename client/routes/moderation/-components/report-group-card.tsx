import Siren from "lucide-react/icons/siren";
import { useId, useState } from "react";
import type { ReportGroup, ResolveReportsResult } from "../../../../common/api/reports";
import { formatDateTime } from "../../../../common/datetime";
import { format, m } from "../../../../common/messages";
import type { ReportAction } from "../../../../common/reports";
import { parseDuration } from "../../../components/admin-panel/duration";
import { DurationMeaning, DurationPicks } from "../../../components/admin-panel/duration-help";
import { failureText } from "../../../components/admin-panel/failure-text";
import { askToConfirm } from "../../../components/confirm-host";
import { useApi } from "../../../lib/use-resource";
import { ReportContextView } from "./report-context-view";
import { WatchedSnapshot } from "./watched-snapshot";

const t = m.reportQueuePage;

/**
 * One reported thing: what it is and who wrote it, the content in context, every report with
 * its reason, and the actions (dismiss, delete, mute or ban the author for a "D H M" duration;
 * approve or reject for content a watched word holds).
 */
export function ReportGroupCard({
  group,
  onResolved,
  onFailed,
}: {
  group: ReportGroup;
  onResolved: (text: string) => void;
  onFailed: (text: string) => void;
}) {
  const api = useApi();
  const id = useId();
  const [duration, setDuration] = useState("1 0 0");
  const [durationError, setDurationError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = `${id}-title`;

  const act = async (action: ReportAction) => {
    let span = { days: 0, hours: 0, minutes: 0 };
    if (action === "mute" || action === "ban") {
      const parsed = parseDuration(duration);
      if (!parsed.ok) {
        setDurationError(t.durationInvalid);
        return;
      }
      span = parsed.value;
    }
    if (
      action === "delete" &&
      !(await askToConfirm({ message: t.confirmDelete, confirmLabel: m.shellCommon.confirmDelete }))
    )
      return;
    if (action === "ban" && !(await askToConfirm({ message: t.confirmBan }))) return;
    setDurationError(null);
    setBusy(true);
    try {
      const result = await api.post<ResolveReportsResult>("/api/admin/reports/resolve", {
        json: { target_type: group.target_type, target_id: group.target_id, action, ...span },
        fallback: t.failed,
      });
      const count = result.report_ids.length;
      onResolved(format(action === "dismiss" || action === "approve" ? t.dismissed : t.actioned, { count }));
    } catch (error) {
      onFailed(failureText(error, t.failed));
    } finally {
      setBusy(false);
    }
  };

  const canRestrict = group.author !== null;
  return (
    <li
      className={group.urgent ? "report-group report-group--urgent" : "report-group"}
      data-testid="report-group"
      data-urgent={group.urgent || undefined}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="report-group__title">
        {group.urgent ? (
          <span className="badge report-group__urgent" data-testid="urgent-badge">
            <Siren aria-hidden="true" size={14} />
            {t.urgent}
          </span>
        ) : null}
        {t.targets[group.target_type]}{" "}
        <span className="report-group__count">{format(t.reportCount, { count: group.report_count })}</span>
      </h2>
      {group.urgent ? <p className="report-group__urgent-hint">{t.urgentHint}</p> : null}
      <p className="report-group__author">
        {group.author
          ? format(t.author, { name: `${group.author.display_name} (@${group.author.username})` })
          : t.noAuthor}
      </p>
      {group.held ? (
        <p className="badge report-group__held" data-testid="held-badge">
          {m.watchedWordsPage.heldBadge}
        </p>
      ) : null}
      <WatchedSnapshot group={group} />
      <ReportContextView group={group} />
      <h3 className="report-group__subtitle">{t.reasons}</h3>
      <ul className="report-group__reports">
        {group.reports.map((r) => (
          <li key={r.id}>
            <strong>{m.reportUi.reasons[r.reason]}</strong>
            {r.details ? <span className="report-group__details"> — “{r.details}”</span> : null}
            <span className="report-group__by">
              {" "}
              ·{" "}
              {format(t.reportedBy, {
                name: r.reporter?.display_name ?? m.watchedWords.reporterName,
                date: formatDateTime(r.created_at),
              })}
            </span>
          </li>
        ))}
      </ul>
      <div className="report-group__actions">
        <div className="report-group__duration">
          <label htmlFor={`${id}-duration`} className="field__label">
            {t.durationLabel}
          </label>
          <input
            id={`${id}-duration`}
            className="input"
            value={duration}
            inputMode="numeric"
            aria-describedby={`${id}-duration-hint ${id}-duration-means`}
            aria-invalid={durationError ? true : undefined}
            onChange={(event) => setDuration(event.target.value)}
          />
          <p id={`${id}-duration-hint`} className={durationError ? "field__error" : "field__hint"}>
            {durationError ?? t.durationHint}
          </p>
          <DurationMeaning id={`${id}-duration-means`} value={duration} />
          <DurationPicks onPick={setDuration} />
        </div>
        <div className="button-row">
          {group.held ? (
            <>
              <button
                type="button"
                className="button button--primary button--small"
                disabled={busy}
                onClick={() => void act("approve")}
              >
                {m.watchedWordsPage.approve}
              </button>
              <button
                type="button"
                className="button button--danger button--small"
                disabled={busy}
                onClick={() => void act("delete")}
              >
                {m.watchedWordsPage.reject}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={busy}
              onClick={() => void act("dismiss")}
            >
              {t.dismiss}
            </button>
          )}
          {!group.held && group.target_type !== "user" && group.context !== null ? (
            <button
              type="button"
              className="button button--danger button--small"
              disabled={busy}
              onClick={() => void act("delete")}
            >
              {t.delete}
            </button>
          ) : null}
          {canRestrict ? (
            <>
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={busy}
                onClick={() => void act("mute")}
              >
                {t.mute}
              </button>
              <button
                type="button"
                className="button button--danger button--small"
                disabled={busy}
                onClick={() => void act("ban")}
              >
                {t.ban}
              </button>
            </>
          ) : null}
        </div>
      </div>
    </li>
  );
}
