import type { ReactNode } from "react";
import { describedBy, Field } from "./form";

/**
 * A password input in its labelled Field: the one way the account pages (log in, sign up, reset)
 * ask for a password. Uncontrolled unless `value`/`onChange` are given; `marked` shows
 * "(required)" beside the label, `required` makes the browser insist too.
 */
export function PasswordField({
  id,
  name,
  label,
  error,
  required,
  marked,
  autoComplete = "new-password",
  value,
  onChange,
  onBlur,
  describedBy: extraDescribedBy,
  rules,
}: {
  id: string;
  name: string;
  label: string;
  error?: string;
  required?: boolean;
  marked?: boolean;
  autoComplete?: "new-password" | "current-password";
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  /** Ids of more text that describes the field (a list of rules shown beside it). */
  describedBy?: string;
  /** Shown between the label (and error) and the input: the rules the password must meet. */
  rules?: ReactNode;
}) {
  const described = [extraDescribedBy, describedBy(id, { error })].filter(Boolean).join(" ") || undefined;
  return (
    <Field id={id} label={label} error={error} required={marked}>
      {rules}
      <input
        id={id}
        className="input"
        name={name}
        type="password"
        autoComplete={autoComplete}
        required={required}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
        onBlur={onBlur}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
      />
    </Field>
  );
}
