import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { m } from "../../../common/messages";
import { Alert, describedBy, ErrorSummary, Field, MultiLine } from "../../components/form";
import { MailOffNotice } from "../../components/mail-off-notice";
import { ApiError } from "../../lib/api";
import { saveResetIdentifier } from "../../lib/handoff";
import { errorFor, type FormError, validateResetRequest } from "../../lib/validation";
import { AccountCard } from "./-components/account-card";

const t = m.forgotPage;
export const RESET_REDIRECT_MS = 600;

/**
 * `/forgot-password`: asks for a code, always answers with the same neutral sentence, then
 * continues to /reset-password 600 ms later carrying the identifier (sessionStorage).
 */
export function ForgotPasswordPage() {
  const { api } = useRouter().options.context;
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FormError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const identifier = String(new FormData(event.currentTarget).get("identifier") ?? "").trim();
    const found = validateResetRequest(identifier);
    setErrors(found);
    setFailure(null);
    if (found.length) return;
    setBusy(true);
    try {
      await api.post("/auth/password-reset/request", {
        json: { username_or_email: identifier },
        token: null,
        fallback: t.failed,
      });
      setSent(true);
      saveResetIdentifier(identifier);
      timer.current = setTimeout(() => {
        void navigate({ to: "/reset-password" });
      }, RESET_REDIRECT_MS);
    } catch (cause) {
      setFailure(cause instanceof ApiError && cause.status !== 0 ? cause.message : t.generic);
      setBusy(false);
    }
  };

  return (
    <AccountCard title={t.title} intro={t.intro}>
      <form className="form" method="post" onSubmit={submit} noValidate>
        <MailOffNotice audience="user" />
        <ErrorSummary errors={errors} />
        {failure ? (
          <Alert>
            <MultiLine text={failure} />
          </Alert>
        ) : null}
        {sent ? <Alert kind="success">{t.sent}</Alert> : null}
        <Field id="forgot-identifier" label={t.identifier} error={errorFor(errors, "forgot-identifier")}>
          <input
            id="forgot-identifier"
            className="input"
            name="identifier"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            aria-describedby={describedBy("forgot-identifier", {
              error: errorFor(errors, "forgot-identifier"),
            })}
          />
        </Field>
        <button type="submit" className="button button--primary button--block" disabled={busy || sent}>
          {busy && !sent ? t.submitting : t.submit}
        </button>
        <p className="form__footer">
          <Link to="/login">{t.backToLogin}</Link>
        </p>
      </form>
    </AccountCard>
  );
}
