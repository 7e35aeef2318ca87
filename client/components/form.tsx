import { type ReactNode, useEffect, useRef } from "react";
import { m } from "../../common/messages";

export type FieldErrors = Record<string, string | undefined>;

/**
 * A labelled field with its hint and error above the control (GOV.UK pattern). The control is
 * passed as a child and should use `id` and `aria-describedby={describedBy(id, ...)}`.
 */
export function Field({
  id,
  label,
  hint,
  error,
  required,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={error ? "field field--error" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required ? <span className="field__required"> {m.shellCommon.requiredMark}</span> : null}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {children}
    </div>
  );
}

export function describedBy(id: string, { hint, error }: { hint?: unknown; error?: unknown }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/** Lists the form's errors at the top, linked to their fields; takes focus when it appears. */
export function ErrorSummary({ errors }: { errors: { field?: string; message: string }[] }) {
  const ref = useRef<HTMLDivElement>(null);
  const text = errors.map((e) => e.message).join("|");
  useEffect(() => {
    if (text) ref.current?.focus();
  }, [text]);
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title">
      <h2 className="error-summary__title" id="error-summary-title">
        {m.shellCommon.errorSummary}
      </h2>
      <ul>
        {errors.map((e) => (
          <li key={`${e.field ?? ""}:${e.message}`}>
            {e.field ? <a href={`#${e.field}`}>{e.message}</a> : <MultiLine text={e.message} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Shows a message that may hold several lines (validation details). */
export function MultiLine({ text }: { text: string }) {
  const lines = text.split("\n");
  return (
    <>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity
        <span key={i} className="line">
          {line}
        </span>
      ))}
    </>
  );
}

export function Alert({
  kind = "error",
  children,
}: {
  kind?: "error" | "success" | "info";
  children: ReactNode;
}) {
  return (
    <div className={`alert alert--${kind}`} role={kind === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}

/** The outcome of an action on a list (accepted, left, failed…), shown above it. */
export type Notice = { kind: "error" | "success"; text: string } | null;

export function NoticeAlert({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <Alert kind={notice.kind}>
      <MultiLine text={notice.text} />
    </Alert>
  );
}
