import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { m } from "../../../common/messages";
import { Alert, describedBy, ErrorSummary, Field, MultiLine } from "../../components/form";
import { PasswordField } from "../../components/password-field";
import { useSession } from "../../components/session-provider";
import { ApiError } from "../../lib/api";
import { bindPushHere } from "../../lib/push";
import { AccountCard } from "./-components/account-card";

const t = m.loginPage;

/** `/login`: stores the token and goes to /clubs (spec section 2); failures show the reason or "Login failed". */
export function LoginPage() {
  const { api } = useRouter().options.context;
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const username = String(form.get("username") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setError(null);
    if (!username || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setBusy(true);
    try {
      const result = await api.post<{ access_token: string }>("/login", {
        form: { username, password },
        token: null,
        fallback: t.failed,
      });
      if (!signIn(result.access_token)) throw new Error(t.failed);
      // A push subscription left here by an expired session moves to this one (see bindPushHere).
      bindPushHere(api, result.access_token).catch(() => {});
      await navigate({ to: "/clubs" });
    } catch (cause) {
      setError(cause instanceof ApiError || cause instanceof Error ? cause.message || t.failed : t.failed);
      setBusy(false);
    }
  };

  return (
    <AccountCard title={t.title} intro={t.intro}>
      <form className="form" method="post" onSubmit={submit} noValidate>
        {missing ? <ErrorSummary errors={[{ field: "login-username", message: t.required }]} /> : null}
        {error ? (
          <Alert>
            <MultiLine text={error} />
          </Alert>
        ) : null}
        <Field id="login-username" label={t.username}>
          <input
            id="login-username"
            className="input"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            aria-describedby={describedBy("login-username", {})}
          />
        </Field>
        <PasswordField
          id="login-password"
          name="password"
          label={t.password}
          autoComplete="current-password"
          required
        />
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? t.submitting : t.submit}
        </button>
        <div className="form__links">
          <Link to="/forgot-password">{t.forgot}</Link>
          <span>
            {t.noAccount} <Link to="/signup">{t.signUp}</Link>
          </span>
        </div>
      </form>
    </AccountCard>
  );
}
