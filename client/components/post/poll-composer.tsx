import { useRouter } from "@tanstack/react-router";
import ListChecks from "lucide-react/icons/list-checks";
import X from "lucide-react/icons/x";
import { type FormEvent, useId, useState } from "react";
import type { PollJson } from "../../../common/api/polls";
import { managuaInputToIso } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { POLL_RULES } from "../../../common/poll-rules";
import { errorText } from "../../lib/use-resource";
import { Alert, ErrorSummary, Field } from "../form";

const t = m.polls;

type Draft = { question: string; options: string[]; multiple: boolean; anonymous: boolean; closesAt: string };
const EMPTY: Draft = { question: "", options: ["", ""], multiple: false, anonymous: false, closesAt: "" };

/**
 * Publishing a poll in a club (its owner and admins; the server checks too), beside the post
 * composer in the Posts tab. On failure everything typed stays; on success the page reloads its
 * posts, where the poll appears first.
 */
export function PollComposer({ clubId }: { clubId: number }) {
  const router = useRouter();
  const { api } = router.options.context;
  const id = useId();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<{ field?: string; message: string }[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fid = (name: string) => `${id}-${name}`;

  const setOption = (index: number, value: string) =>
    setDraft((d) => ({ ...d, options: d.options.map((o, i) => (i === index ? value : o)) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const found: { field?: string; message: string }[] = [];
    if (!draft.question.trim()) found.push({ field: fid("question"), message: t.questionEmpty });
    draft.options.forEach((o, i) => {
      if (!o.trim()) found.push({ field: fid(`option-${i}`), message: t.optionEmpty });
    });
    setErrors(found);
    if (found.length) return;
    setBusy(true);
    try {
      await api.post<PollJson>(`/api/clubs/${clubId}/polls`, {
        json: {
          question: draft.question.trim(),
          options: draft.options.map((o) => o.trim()),
          multiple: draft.multiple,
          anonymous: draft.anonymous,
          closes_at: draft.closesAt ? (managuaInputToIso(draft.closesAt) ?? draft.closesAt) : null,
        },
      });
      setDraft(EMPTY);
      setDone(t.created);
      setOpen(false);
      void router.invalidate();
    } catch (error) {
      setErrors([{ message: format(t.couldNotCreate, { message: errorText(error) }) }]);
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <div className="composer composer--closed">
        {done ? <Alert kind="success">{done}</Alert> : null}
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          <ListChecks aria-hidden="true" size={18} />
          {t.newPoll}
        </button>
      </div>
    );
  }

  const errorOf = (field: string) => errors.find((e) => e.field === fid(field))?.message;
  return (
    <form className="composer card-panel" onSubmit={submit} noValidate data-testid="poll-composer">
      <div className="composer__head">
        <h2 className="section-title">{t.newPoll}</h2>
        <button
          type="button"
          className="icon-button"
          aria-label={m.composer.cancel}
          onClick={() => setOpen(false)}
        >
          <X aria-hidden="true" size={20} />
        </button>
      </div>
      <ErrorSummary errors={errors} />
      <Field id={fid("question")} label={t.question} error={errorOf("question")} required>
        <input
          id={fid("question")}
          className="input"
          maxLength={POLL_RULES.questionMax}
          value={draft.question}
          onChange={(e) => setDraft((d) => ({ ...d, question: e.target.value }))}
        />
      </Field>
      {draft.options.map((option, index) => {
        const label = format(t.option, { n: index + 1 });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are positional; their text changes as typed
          <div key={index} className="poll-composer__option">
            <Field id={fid(`option-${index}`)} label={label} error={errorOf(`option-${index}`)} required>
              <input
                id={fid(`option-${index}`)}
                className="input"
                maxLength={POLL_RULES.optionMax}
                value={option}
                onChange={(e) => setOption(index, e.target.value)}
              />
            </Field>
            {draft.options.length > POLL_RULES.minOptions ? (
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setDraft((d) => ({ ...d, options: d.options.filter((_, i) => i !== index) }))}
              >
                {format(t.removeOption, { n: index + 1 })}
              </button>
            ) : null}
          </div>
        );
      })}
      {draft.options.length < POLL_RULES.maxOptions ? (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setDraft((d) => ({ ...d, options: [...d.options, ""] }))}
        >
          {t.addOption}
        </button>
      ) : null}
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.multiple}
          onChange={(e) => setDraft((d) => ({ ...d, multiple: e.target.checked }))}
        />
        {t.allowMultiple}
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={draft.anonymous}
          onChange={(e) => setDraft((d) => ({ ...d, anonymous: e.target.checked }))}
        />
        {t.anonymous}
      </label>
      <Field id={fid("closes")} label={t.closesAt}>
        <input
          id={fid("closes")}
          type="datetime-local"
          className="input"
          value={draft.closesAt}
          onChange={(e) => setDraft((d) => ({ ...d, closesAt: e.target.value }))}
        />
      </Field>
      <div className="form__footer">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t.creating : t.create}
        </button>
      </div>
    </form>
  );
}
