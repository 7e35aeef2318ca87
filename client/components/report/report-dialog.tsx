import { useEffect, useId, useRef, useState } from "react";
import type { BlockState } from "../../../common/api/blocks";
import { format, m } from "../../../common/messages";
import {
  BLOCKABLE_REPORT_TARGETS,
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from "../../../common/reports";
import { ApiError, formatDetail } from "../../lib/api";
import { useApi, useResource } from "../../lib/use-resource";
import { Alert } from "../form";
import { Dialog } from "../post/dialog";
import { ReportDone, type ReportOutcome } from "./report-done";

/**
 * The report form in a modal: a radio group of reasons (the first takes focus), details
 * (required for "Something else"), "Also block {name}" where there is a person to block, Send
 * and Cancel. Once sent, the same dialog says what happens next (ReportDone) until Done. A
 * refusal (too many reports or blocks) is shown in the dialog; an "already reported" answer
 * also counts as sent (the server still made the block asked for).
 */
export function ReportDialog({
  type,
  id,
  person = null,
  onClose,
  onSent,
}: {
  type: ReportTarget;
  id: number;
  /** Who the report is about or who wrote it, offered to block too; null: nobody to block. */
  person?: { id: number; name: string } | null;
  onClose: () => void;
  /** The report is in (the dialog now shows what happens next). */
  onSent: (outcome: ReportOutcome) => void;
}) {
  const t = m.reportUi;
  const api = useApi();
  const uid = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [alsoBlock, setAlsoBlock] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ReportOutcome | null>(null);
  const needsDetails = reason === "other";
  const firstReason = useRef<HTMLInputElement>(null);
  const blockable = person !== null && (BLOCKABLE_REPORT_TARGETS as readonly ReportTarget[]).includes(type);
  // The same query key as the profile's Block button: one request, and a block made there shows here.
  const blockState = useResource(
    ["blocks", person?.id ?? 0],
    (a) => a.get<BlockState>(`/api/blocks/${person?.id}`),
    { enabled: blockable },
  );
  const alreadyBlocked = blockState.data?.blocked === true;

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
    const block = blockable && alsoBlock && !alreadyBlocked;
    const sent = () => {
      const done = { reason, blocked: block || alreadyBlocked };
      setOutcome(done);
      onSent(done);
    };
    try {
      await api.post("/api/reports", {
        json: {
          target_type: type,
          target_id: id,
          reason,
          details: details.trim() || undefined,
          block_author: block || undefined,
        },
        fallback: t.failed,
        messagesOnly: true,
      });
      sent();
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) {
        sent();
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
    <Dialog
      labelledBy={`${uid}-title`}
      closeLabel={outcome ? t.close : t.cancel}
      onClose={onClose}
      className="report-dialog"
    >
      {outcome ? (
        <ReportDone
          titleId={`${uid}-title`}
          person={blockable ? person : null}
          outcome={outcome}
          onDone={onClose}
        />
      ) : (
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
          {blockable && person ? (
            alreadyBlocked ? (
              <p className="field__hint report-form__blocked">
                {format(t.alreadyBlocked, { name: person.name })}
              </p>
            ) : (
              <div className="report-form__block">
                <label className="checkbox report-form__block-choice">
                  <input
                    type="checkbox"
                    checked={alsoBlock}
                    aria-describedby={`${uid}-block-hint`}
                    onChange={(event) => setAlsoBlock(event.target.checked)}
                  />
                  {format(t.alsoBlock, { name: person.name })}
                </label>
                <p id={`${uid}-block-hint`} className="field__hint">
                  {t.alsoBlockHint}
                </p>
              </div>
            )
          ) : null}
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
      )}
    </Dialog>
  );
}
