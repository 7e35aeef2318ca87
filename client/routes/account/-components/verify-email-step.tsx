import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { Profile } from "../../../../common/api/users";
import { maskEmail } from "../../../../common/mask-email";
import { format, m } from "../../../../common/messages";
import { Alert, describedBy, Field, MultiLine } from "../../../components/form";
import { ApiError } from "../../../lib/api";
import { cleanCode, isSixDigitCode } from "../../../lib/validation";

const t = m.profileCreatePage;

type Status = { kind: "error" | "success" | "info"; text: string } | null;

/**
 * The e-mail code step: sends a code on arrival, Verify is enabled only at six digits,
 * Resend asks for a new code (spec sections 5 and 8). It always names the (masked) address:
 * from the server's answer, or from the profile when the send was refused.
 */
export function VerifyEmailStep({ onVerified }: { onVerified: () => void }) {
  const { api } = useRouter().options.context;
  const [email, setEmail] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  // No mail on this server: there is no code to wait for, so only the explanation is shown.
  const [mailOff, setMailOff] = useState(false);
  const started = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const queryClient = useQueryClient();
  // Asked through the shared cache entry the mail notice reads (one answer for the whole tab).
  const mailIsOff = () =>
    queryClient
      .fetchQuery({
        queryKey: ["mail-status"],
        queryFn: () => api.get<{ configured: boolean }>("/api/mail-status"),
      })
      .then(
        (status) => !status.configured,
        () => false,
      );

  const nameAddressFromProfile = () =>
    api.get<Profile>("/api/users/me").then(
      (me) => me.email && setEmail((known) => known ?? maskEmail(me.email as string)),
      () => undefined,
    );

  const start = async (resend: boolean) => {
    try {
      const result = await api.post<{ email: string; already_sent?: boolean }>("/auth/verify-email/start", {
        fallback: resend ? t.resendFailed : t.startFailed,
      });
      setEmail(result.email);
      // Asked again within the minute: the code on its way is the one to use.
      if (result.already_sent && resend)
        setStatus({ kind: "info", text: format(t.alreadySent, { email: result.email }) });
      else if (resend) setStatus({ kind: "success", text: t.resent });
    } catch (cause) {
      void nameAddressFromProfile();
      const e = cause instanceof ApiError ? cause : null;
      // 503 is a failed send, or no mail on this server at all: then its detail says so.
      if (e?.status === 503 && (await mailIsOff())) {
        setMailOff(true);
        setStatus({ kind: "error", text: e.message });
      } else if (e?.status === 503) setStatus({ kind: "error", text: t.sendFailedHelp });
      else if (resend)
        setStatus({
          kind: "error",
          text: e && e.message !== t.resendFailed ? `${t.resendFailed}\n${e.message}` : t.resendFailed,
        });
      else setStatus({ kind: "error", text: e?.message || t.startFailed });
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first code is sent once, on arrival
  useEffect(() => {
    headingRef.current?.focus();
    if (started.current) return;
    started.current = true;
    void start(false);
  }, []);

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isSixDigitCode(code)) return;
    setBusy(true);
    setStatus(null);
    try {
      await api.post("/auth/verify-email/confirm", { json: { code }, fallback: t.verifyFailed });
      onVerified();
    } catch (cause) {
      const e = cause instanceof ApiError ? cause : null;
      setStatus({
        kind: "error",
        text: e && (e.status === 400 || e.status === 422) ? t.invalidCode : t.verifyFailed,
      });
      setBusy(false);
    }
  };

  if (mailOff && status) {
    return (
      <>
        <h1 className="page__title" tabIndex={-1} ref={headingRef}>
          {t.verifyTitle}
        </h1>
        <Alert kind="error">
          <MultiLine text={status.text} />
        </Alert>
      </>
    );
  }

  return (
    <>
      <h1 className="page__title" tabIndex={-1} ref={headingRef}>
        {t.verifyTitle}
      </h1>
      {email ? (
        <p className="page__intro" data-testid="verify-address">
          {format(t.verifyIntro, { email })}
        </p>
      ) : null}
      <form className="form" onSubmit={verify} noValidate>
        {status ? (
          <Alert kind={status.kind}>
            <MultiLine text={status.text} />
          </Alert>
        ) : null}
        <Field id="verify-code" label={t.code}>
          <input
            id="verify-code"
            className="input input--code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={6}
            value={code}
            aria-describedby={describedBy("verify-code", {})}
            onChange={(e) => setCode(cleanCode(e.target.value))}
          />
        </Field>
        <div className="button-row">
          <button type="submit" className="button button--primary" disabled={!isSixDigitCode(code) || busy}>
            {busy ? t.verifying : t.verify}
          </button>
          <button type="button" className="button button--ghost" onClick={() => start(true)}>
            {t.resend}
          </button>
        </div>
      </form>
    </>
  );
}
