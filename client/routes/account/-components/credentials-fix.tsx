import { m } from "../../../../common/messages";
import { checkPassword, checkUsername } from "../../../../common/signup-rules";
import { describedBy, Field } from "../../../components/form";
import { PasswordField } from "../../../components/password-field";
import { usernameProblem } from "../../../lib/validation";
import { RuleList } from "./rule-list";

const t = m.signupPage;

export type CredentialValues = { username: string; password: string; confirm: string };

/**
 * The sign-up details on the profile screen, when they need another look: the username the
 * server refused (taken, say) as an editable field with its error beside it, and the password
 * typed again after a reload (it is never stored; see lib/handoff.ts). The profile below stays.
 */
export function CredentialsFix({
  values,
  onChange,
  usernameError,
  passwordError,
  askUsername,
  askPassword,
}: {
  values: CredentialValues;
  onChange: (next: CredentialValues) => void;
  usernameError?: string;
  passwordError?: string;
  askUsername: boolean;
  askPassword: boolean;
}) {
  const mismatch = values.confirm.length > 0 && values.password !== values.confirm;
  const usernameShown = usernameError ?? (values.username ? usernameProblem(values.username) : undefined);
  return (
    <fieldset className="credentials-fix">
      <legend className="credentials-fix__title">{m.profileCreatePage.fixTitle}</legend>
      {askUsername ? (
        <Field id="fix-username" label={t.username} required error={usernameShown}>
          <RuleList
            id="fix-username-rules"
            checks={checkUsername(values.username)}
            shown={values.username.length > 0}
          />
          <input
            id="fix-username"
            className="input"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={values.username}
            aria-invalid={usernameShown ? true : undefined}
            aria-describedby={["fix-username-rules", describedBy("fix-username", { error: usernameShown })]
              .filter(Boolean)
              .join(" ")}
            onChange={(e) => onChange({ ...values, username: e.target.value })}
          />
        </Field>
      ) : null}
      {askPassword ? (
        <>
          <p className="field__hint" id="fix-password-why">
            {t.passwordAgain}
          </p>
          <PasswordField
            id="fix-password"
            name="password"
            label={t.password}
            marked
            error={passwordError}
            describedBy="fix-password-why fix-password-rules"
            rules={
              <RuleList
                id="fix-password-rules"
                checks={checkPassword(values.password)}
                shown={values.password.length > 0}
              />
            }
            value={values.password}
            onChange={(password) => onChange({ ...values, password })}
          />
          <PasswordField
            id="fix-confirm"
            name="confirm"
            label={t.confirm}
            marked
            error={mismatch ? t.mismatch : undefined}
            value={values.confirm}
            onChange={(confirm) => onChange({ ...values, confirm })}
          />
        </>
      ) : null}
      <p className="field__hint">{m.profileCreatePage.fixHint}</p>
    </fieldset>
  );
}
