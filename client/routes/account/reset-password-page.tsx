import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { m } from "../../../common/messages";
import { Alert, describedBy, ErrorSummary, Field, MultiLine } from "../../components/form";
import { PasswordField } from "../../components/password-field";
import { ApiError } from "../../lib/api";
import { clearResetIdentifier, loadResetIdentifier } from "../../lib/handoff";
import { cleanCode, errorFor, type FormError, validateReset } from "../../lib/validation";
import { AccountCard } from "./-components/account-card";

const t = m.resetPage;
export const LOGIN_REDIRECT_MS = 900;

/** `/reset-password`: code, new password and confirmation; /login 900 ms after success. */
export function ResetPasswordPage() {
  const { api } = useRouter().options.context;
  const navigate = useNavigate();
  const [identifier, setIdentifier] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<FormError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    setIdentifier((current) => current || loadResetIdentifier());
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get("new_password") ?? "");
    const confirm = String(form.get("confirm") ?? "");
    const found = validateReset({ identifier, code, newPassword, confirm });
    setErrors(found);
    setFailure(null);
    if (found.length) return;
    setBusy(true);
    try {
      await api.post("/auth/password-reset/confirm", {
        json: { code, new_password: newPassword, username_or_email: identifier.trim() },
        token: null,
        fallback: t.failed,
      });
      setDone(true);
      clearResetIdentifier();
      timer.current = setTimeout(() => {
        void navigate({ to: "/login" });
      }, LOGIN_REDIRECT_MS);
    } catch (cause) {
      const e = cause instanceof ApiError ? cause : null;
      setFailure(
        e && e.status >= 400 && e.status < 500 && e.status !== 429 ? t.serverError : (e?.message ?? t.failed),
      );
      setBusy(false);
    }
  };

  const fieldError = (id: string) => errorFor(errors, id);
  return (
    <AccountCard title={t.title} intro={t.intro}>
      <form className="form" method="post" onSubmit={submit} noValidate>
        <ErrorSummary errors={errors} />
        {failure ? (
          <Alert>
            <MultiLine text={failure} />
          </Alert>
        ) : null}
        {done ? <Alert kind="success">{t.success}</Alert> : null}
        <Field id="reset-identifier" label={t.identifier} error={fieldError("reset-identifier")}>
          <input
            id="reset-identifier"
            className="input"
            name="username_or_email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
            aria-describedby={describedBy("reset-identifier", { error: fieldError("reset-identifier") })}
          />
        </Field>
        <Field id="reset-code" label={t.code} error={fieldError("reset-code")}>
          <input
            id="reset-code"
            className="input input--code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(cleanCode(e.target.value))}
            aria-describedby={describedBy("reset-code", { error: fieldError("reset-code") })}
          />
        </Field>
        <PasswordField
          id="reset-password"
          name="new_password"
          label={t.newPassword}
          error={fieldError("reset-password")}
        />
        <PasswordField
          id="reset-confirm"
          name="confirm"
          label={t.confirm}
          error={fieldError("reset-confirm")}
        />
        <button type="submit" className="button button--primary button--block" disabled={busy || done}>
          {busy && !done ? t.submitting : t.submit}
        </button>
        <p className="form__footer">
          <Link to="/forgot-password">{t.requestNew}</Link>
        </p>
      </form>
    </AccountCard>
  );
}
