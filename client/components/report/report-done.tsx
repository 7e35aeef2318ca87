import CircleCheck from "lucide-react/icons/circle-check";
import ShieldCheck from "lucide-react/icons/shield-check";
import { useEffect, useRef } from "react";
import { format, m } from "../../../common/messages";
import { type ReportReason, URGENT_REPORT_REASONS } from "../../../common/reports";

/** What the reporter knows once the report is in: whether they blocked, and the reason they chose. */
export type ReportOutcome = { reason: ReportReason; blocked: boolean };

/**
 * The report dialog once sent: what happens next (who reviews it, that nobody is told who
 * reported, the notice that follows), and what the reporter can do meanwhile (the block they
 * made or can make; for someone asking for photos or personal information, what not to send and
 * whom to tell). The title takes focus, so a screen reader starts here; Done closes.
 */
export function ReportDone({
  titleId,
  person,
  outcome,
  onDone,
}: {
  titleId: string;
  person: { id: number; name: string } | null;
  outcome: ReportOutcome;
  onDone: () => void;
}) {
  const t = m.reportUi;
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    title.current?.focus();
  }, []);
  const urgent = (URGENT_REPORT_REASONS as readonly ReportReason[]).includes(outcome.reason);
  const meanwhile = person
    ? format(outcome.blocked ? t.doneBlocked : t.doneCanBlock, { name: person.name })
    : t.doneNoAnswer;
  return (
    <div className="report-done" data-testid="report-done">
      <h2 id={titleId} className="report-form__title report-done__title" tabIndex={-1} ref={title}>
        <CircleCheck aria-hidden="true" size={22} className="report-done__icon" />
        {t.doneTitle}
      </h2>
      <p className="report-done__thanks">{t.sent}</p>
      <h3 className="report-done__heading">{t.doneNext}</h3>
      <ul className="report-done__list">
        <li>{t.doneReview}</li>
        {urgent ? <li>{t.doneReviewUrgent}</li> : null}
        <li>{t.doneAnonymous}</li>
        <li>{t.doneNotice}</li>
      </ul>
      <h3 className="report-done__heading">{t.doneMeanwhile}</h3>
      {urgent ? (
        <p className="report-done__safety">
          <ShieldCheck aria-hidden="true" size={20} className="report-done__safety-icon" />
          <span>{t.doneSafety}</span>
        </p>
      ) : null}
      <p className="report-done__meanwhile">{meanwhile}</p>
      <div className="button-row report-form__actions">
        <button type="button" className="button button--primary" onClick={onDone}>
          {t.done}
        </button>
      </div>
    </div>
  );
}
