import Copy from "lucide-react/icons/copy";
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import type { CreatedDummy } from "../../../common/api/admin";
import { format, m } from "../../../common/messages";
import { failureText } from "../../components/admin-panel/failure-text";
import { Alert, describedBy, ErrorSummary, Field } from "../../components/form";
import type { Role } from "../../lib/session";
import { useApi } from "../../lib/use-resource";

const t = m.adminPages.dummies;
const ROLES: Role[] = ["member", "owner", "admin"];

type Values = {
  username: string;
  role: Role;
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  email_verified: boolean;
  test_account: boolean;
};

/** Spec section 9: role member, first name Test, last name User, verified and test flag on. */
const DEFAULTS: Values = {
  username: "",
  role: "member",
  first_name: "Test",
  last_name: "User",
  email: "",
  password: "",
  email_verified: true,
  test_account: true,
};

export function DummiesPage() {
  const api = useApi();
  const [values, setValues] = useState<Values>(DEFAULTS);
  const [error, setError] = useState<string | null>(null);
  const [usernameError, setUsernameError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedDummy | null>(null);
  const [copyState, setCopyState] = useState<"idle" | "copied" | "failed">("idle");
  const resultRef = useRef<HTMLDivElement>(null);

  const set = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const target = event.target;
    const value =
      target instanceof HTMLInputElement && target.type === "checkbox" ? target.checked : target.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.username.trim()) {
      setUsernameError(t.usernameRequired);
      setError(t.usernameRequired);
      return;
    }
    setUsernameError(undefined);
    setError(null);
    setBusy(true);
    try {
      const result = await api.post<CreatedDummy>("/api/admin/users", {
        json: {
          ...values,
          username: values.username.trim(),
          email: values.email.trim() || undefined,
          password: values.password || undefined,
        },
        fallback: m.adminPages.failedCreateUser,
      });
      setCreated(result);
      setCopyState("idle");
      setValues(DEFAULTS);
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch (cause) {
      setError(failureText(cause, m.adminPages.failedCreateUser));
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.plain_password);
      setCopyState("copied");
    } catch {
      setCopyState("failed");
    }
  };

  return (
    <div className="page page--narrow admin-page">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__intro">{t.intro}</p>

      {created ? (
        <div className="card-panel dummy-result" ref={resultRef} tabIndex={-1} data-testid="dummy-result">
          <Alert kind="success">
            {format(t.created, { username: created.username, role: created.role })}
          </Alert>
          <p className="dummy-result__label">{t.passwordOnce}</p>
          <div className="dummy-result__row">
            <code className="dummy-result__password" data-testid="dummy-password">
              {created.plain_password}
            </code>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void copy()}
            >
              <Copy aria-hidden="true" size={16} />
              {copyState === "copied" ? t.copied : t.copy}
            </button>
          </div>
          {copyState === "failed" ? <p className="field__error">{t.copyFailed}</p> : null}
          <span className="visually-hidden" role="status">
            {copyState === "copied" ? t.copied : ""}
          </span>
        </div>
      ) : null}

      <form className="form card-panel" onSubmit={submit} noValidate>
        <ErrorSummary errors={error ? [{ message: error }] : []} />
        <Field id="dummy-username" label={t.username} required error={usernameError}>
          <input
            id="dummy-username"
            className="input"
            value={values.username}
            onChange={set("username")}
            autoComplete="off"
            aria-invalid={usernameError ? true : undefined}
            aria-describedby={describedBy("dummy-username", { error: usernameError })}
          />
        </Field>
        <Field id="dummy-role" label={t.role}>
          <select id="dummy-role" className="select" value={values.role} onChange={set("role")}>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {m.adminPages.roles[role] ?? role}
              </option>
            ))}
          </select>
        </Field>
        <div className="form__pair">
          <Field id="dummy-first" label={t.firstName}>
            <input
              id="dummy-first"
              className="input"
              value={values.first_name}
              onChange={set("first_name")}
            />
          </Field>
          <Field id="dummy-last" label={t.lastName}>
            <input id="dummy-last" className="input" value={values.last_name} onChange={set("last_name")} />
          </Field>
        </div>
        <Field id="dummy-email" label={t.email} hint={t.emailHint}>
          <input
            id="dummy-email"
            className="input"
            type="email"
            value={values.email}
            onChange={set("email")}
            aria-describedby={describedBy("dummy-email", { hint: true })}
          />
        </Field>
        <Field id="dummy-password" label={t.password} hint={t.passwordHint}>
          <input
            id="dummy-password"
            className="input"
            type="text"
            autoComplete="new-password"
            value={values.password}
            onChange={set("password")}
            aria-describedby={describedBy("dummy-password", { hint: true })}
          />
        </Field>
        <div className="checkbox-group">
          <label className="checkbox">
            <input type="checkbox" checked={values.email_verified} onChange={set("email_verified")} />
            {t.verified}
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={values.test_account} onChange={set("test_account")} />
            {t.testAccount}
          </label>
        </div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t.creating : t.create}
        </button>
      </form>
    </div>
  );
}
