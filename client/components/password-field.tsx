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
}) {
  return (
    <Field id={id} label={label} error={error} required={marked}>
      <input
        id={id}
        className="input"
        name={name}
        type="password"
        autoComplete={autoComplete}
        required={required}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error })}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
      />
    </Field>
  );
}
