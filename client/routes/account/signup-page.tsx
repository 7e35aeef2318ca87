import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { m } from "../../../common/messages";
import { ErrorSummary, Field } from "../../components/form";
import { PasswordField } from "../../components/password-field";
import { saveSignupCredentials } from "../../lib/handoff";
import { type FormError, validateSignup } from "../../lib/validation";
import { AccountCard } from "./-components/account-card";

const t = m.signupPage;

/**
 * `/signup`: holds the credentials (sessionStorage, never the URL) and continues to
 * /profile/create, where saving the profile creates the account (spec section 4).
 */
export function SignupPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [role, setRole] = useState<"member" | "owner">("member");
  const [errors, setErrors] = useState<FormError[]>([]);
  const mismatch = confirm.length > 0 && password !== confirm;
  const incomplete = !username.trim() || !password || !confirm;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSignup({ username, password, confirm });
    setErrors(found);
    if (found.length) return;
    saveSignupCredentials({ username: username.trim(), password, role });
    void navigate({ to: "/profile/create" });
  };

  return (
    <AccountCard title={t.title} intro={t.intro}>
      <form className="form" method="post" onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} />
        <Field id="signup-username" label={t.username} required>
          <input
            id="signup-username"
            className="input"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </Field>
        <PasswordField
          id="signup-password"
          name="password"
          label={t.password}
          required
          marked
          value={password}
          onChange={setPassword}
        />
        <PasswordField
          id="signup-confirm"
          name="confirm"
          label={t.confirm}
          required
          marked
          error={mismatch ? t.mismatch : undefined}
          value={confirm}
          onChange={setConfirm}
        />
        <fieldset className="radio-group">
          <legend>{t.role}</legend>
          <label className="radio">
            <input
              type="radio"
              name="role"
              value="member"
              checked={role === "member"}
              onChange={() => setRole("member")}
            />
            {t.roleMember}
          </label>
          <label className="radio">
            <input
              type="radio"
              name="role"
              value="owner"
              checked={role === "owner"}
              onChange={() => setRole("owner")}
            />
            {t.roleOwner}
          </label>
          {role === "owner" ? <p className="field__hint">{t.ownerHint}</p> : null}
        </fieldset>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={mismatch || incomplete}
        >
          {t.continue}
        </button>
        <p className="form__footer">
          <span>
            {t.haveAccount} <Link to="/login">{t.logIn}</Link>
          </span>
        </p>
      </form>
    </AccountCard>
  );
}
