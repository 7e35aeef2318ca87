import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { format, m } from "../../../common/messages";
import { checkPassword, checkUsername, suggestUsername } from "../../../common/signup-rules";
import { ErrorSummary, Field } from "../../components/form";
import { PasswordField } from "../../components/password-field";
import { loadSignupFields, saveSignupCredentials } from "../../lib/handoff";
import { type FormError, passwordProblem, usernameProblem, validateSignup } from "../../lib/validation";
import { AccountCard } from "./-components/account-card";
import { RuleList } from "./-components/rule-list";

const t = m.signupPage;

/**
 * `/signup`: shows the server's username and password rules before typing and ticks them off
 * while typing, holds the draft (sessionStorage; the password in memory only, see
 * lib/handoff.ts) and continues to /profile/create, where saving the profile creates the
 * account (spec section 4).
 */
export function SignupPage() {
  const navigate = useNavigate();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [role, setRole] = useState<"member" | "owner">("member");
  const [errors, setErrors] = useState<FormError[]>([]);
  const [left, setLeft] = useState({ username: false, password: false });
  const mismatch = confirm.length > 0 && password !== confirm;
  const incomplete = !username.trim() || !password || !confirm;

  // The draft comes back after a reload or the way back from the profile step. It fills what is
  // empty: text typed before the page started is already in the fields (AccountCard keeps it).
  useEffect(() => {
    const draft = loadSignupFields();
    setUsername((typed) => typed || draft.username);
    setRole(draft.role);
    setPassword((typed) => typed || draft.password);
    setConfirm((typed) => typed || draft.password);
  }, []);

  const keep = (next: { username?: string; role?: "member" | "owner"; password?: string }) =>
    saveSignupCredentials({
      username: (next.username ?? username).trim(),
      role: next.role ?? role,
      password: (next.password ?? password) || null,
    });

  const usernameChecks = checkUsername(username);
  const passwordChecks = checkPassword(password);
  const usernameError = left.username && username ? usernameProblem(username) : undefined;
  const passwordError = left.password && password ? passwordProblem(password) : undefined;
  const suggestion = usernameChecks.some((c) => c.rule === "usernameCharacters" && !c.ok)
    ? suggestUsername(username)
    : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSignup({ username, password, confirm });
    setErrors(found);
    setLeft({ username: true, password: true });
    if (found.length) return;
    saveSignupCredentials({ username: username.trim(), password, role });
    void navigate({ to: "/profile/create" });
  };

  return (
    <AccountCard title={t.title} intro={t.intro}>
      <form className="form" method="post" onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} />
        <Field id="signup-username" label={t.username} required error={usernameError}>
          <RuleList id="signup-username-rules" checks={usernameChecks} shown={username.length > 0} />
          <input
            id="signup-username"
            className="input"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={username}
            aria-invalid={usernameError ? true : undefined}
            aria-describedby={["signup-username-rules", usernameError ? "signup-username-error" : ""]
              .filter(Boolean)
              .join(" ")}
            onBlur={() => setLeft((l) => ({ ...l, username: true }))}
            onChange={(e) => {
              setUsername(e.target.value);
              keep({ username: e.target.value });
            }}
          />
          {suggestion ? (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                setUsername(suggestion);
                keep({ username: suggestion });
              }}
            >
              {format(t.useSuggestion, { suggestion })}
            </button>
          ) : null}
        </Field>
        <PasswordField
          id="signup-password"
          name="password"
          label={t.password}
          required
          marked
          error={passwordError}
          describedBy="signup-password-rules"
          rules={<RuleList id="signup-password-rules" checks={passwordChecks} shown={password.length > 0} />}
          value={password}
          onBlur={() => setLeft((l) => ({ ...l, password: true }))}
          onChange={(value) => {
            setPassword(value);
            keep({ password: value });
          }}
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
          {(["member", "owner"] as const).map((value) => (
            <label className="radio" key={value}>
              <input
                type="radio"
                name="role"
                value={value}
                checked={role === value}
                onChange={() => {
                  setRole(value);
                  keep({ role: value });
                }}
              />
              {value === "member" ? t.roleMember : t.roleOwner}
            </label>
          ))}
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
