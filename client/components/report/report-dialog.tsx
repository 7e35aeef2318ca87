import { useEffect, useId, useRef, useState } from "react";
import { m } from "../../../common/messages";
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from "../../../common/reports";
import { ApiError, formatDetail } from "../../lib/api";
import { useApi } from "../../lib/use-resource";
import { Alert } from "../form";
import { Dialog } from "../post/dialog";

/**
 * The report form in a modal: a radio group of reasons (the first takes focus), details
 * (required for "Something else"), Send and Cancel. A refusal (already reported, too many
 * reports) is shown in the dialog; an "already reported" answer also counts as reported.
 */
export function ReportDialog({
  type,
  id,
  onClose,
  onSent,
}: {
  type: ReportTarget;
  id: number;
  onClose: () => void;
  onSent: () => void;
}) {
  const t = m.reportUi;
  const api = useApi();
  const uid = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const needsDetails = reason === "other";
  const firstReason = useRef<HTMLInputElement>(null);

  // The dialog focuses its close button; the reasons are what the reporter came for. This runs
  // after the dialog's own effect (a parent's effects follow its children's).
  useEffect(() => {
    firstReason.current?.focus();
  }, []);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setError(m.reports.reasonInvalid);
      return;
    }
    if (needsDetails && !details.trim()) {
      setError(m.reports.detailsRequired);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await api.post("/api/reports", {
        json: { target_type: type, target_id: id, reason, details: details.trim() || undefined },
        fallback: t.failed,
        messagesOnly: true,
      });
      onSent();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) {
        onSent();
        return;
      }
      setError(
        caught instanceof ApiError
          ? (formatDetail(caught.detail, { messagesOnly: true }) ?? t.failed)
          : t.failed,
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog labelledBy={`${uid}-title`} closeLabel={t.cancel} onClose={onClose} className="report-dialog">
      <form className="report-form" onSubmit={submit} noValidate data-testid="report-dialog">
        <h2 id={`${uid}-title`} className="report-form__title">
          {t.titles[type]}
        </h2>
        <p className="report-form__intro">{t.intro}</p>
        <fieldset className="report-form__reasons">
          <legend className="field__label">{t.reasonLegend}</legend>
          {REPORT_REASONS.map((key, index) => (
            <label key={key} className="report-form__reason">
              <input
                type="radio"
                name={`${uid}-reason`}
                value={key}
                checked={reason === key}
                onChange={() => setReason(key)}
                ref={index === 0 ? firstReason : undefined}
              />
              <span>{t.reasons[key]}</span>
            </label>
          ))}
        </fieldset>
        <label className="field__label" htmlFor={`${uid}-details`}>
          {t.detailsLabel}
        </label>
        <textarea
          id={`${uid}-details`}
          className="textarea"
          rows={3}
          maxLength={REPORT_DETAILS_MAX}
          value={details}
          required={needsDetails}
          aria-describedby={`${uid}-hint`}
          onChange={(event) => setDetails(event.target.value)}
        />
        <p id={`${uid}-hint`} className="field__hint">
          {needsDetails ? t.detailsHintOther : t.detailsHint}
        </p>
        {error ? <Alert>{error}</Alert> : null}
        <div className="button-row report-form__actions">
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? t.sending : t.submit}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t.cancel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
