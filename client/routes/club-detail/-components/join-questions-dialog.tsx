import { type FormEvent, useId, useState } from "react";
import { format, m } from "../../../../common/messages";
import { Alert, Field, MultiLine } from "../../../components/form";
import { Dialog } from "../../../components/post/dialog";

const t = m.joinQuestions;

/**
 * The club's join questions, asked before a request is sent. Every answer is required; the
 * answers typed stay if sending fails, so nothing is lost on a retry.
 */
export function JoinQuestionsDialog({
  clubName,
  questions,
  busy,
  error,
  onSend,
  onCancel,
}: {
  clubName: string;
  questions: string[];
  busy: boolean;
  error: string | null;
  onSend: (answers: string[]) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [answers, setAnswers] = useState<string[]>(() => questions.map(() => ""));
  const [missing, setMissing] = useState<number[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const blank = answers.flatMap((a, i) => (a.trim() === "" ? [i] : []));
    setMissing(blank);
    if (blank.length) {
      document.getElementById(`${id}-answer-${blank[0]}`)?.focus();
      return;
    }
    onSend(answers.map((a) => a.trim()));
  };

  return (
    <Dialog labelledBy={`${id}-title`} closeLabel={t.cancel} onClose={onCancel} className="confirm-dialog">
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="confirm-dialog__title">
          {format(t.dialogTitle, { club: clubName })}
        </h2>
        <p className="muted">{t.dialogIntro}</p>
        {questions.map((question, i) => {
          const fieldId = `${id}-answer-${i}`;
          const fieldError = missing.includes(i) ? t.answerRequired : undefined;
          return (
            <Field key={question} id={fieldId} label={question} error={fieldError} required>
              <textarea
                id={fieldId}
                className="textarea"
                rows={2}
                maxLength={500}
                value={answers[i]}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${fieldId}-error` : undefined}
                onChange={(e) => {
                  setAnswers((list) => list.map((a, j) => (j === i ? e.target.value : a)));
                  setMissing((list) => list.filter((j) => j !== i));
                }}
              />
            </Field>
          );
        })}
        {error ? (
          <Alert>
            <MultiLine text={error} />
          </Alert>
        ) : null}
        <div className="button-row confirm-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t.cancel}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t.send}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
