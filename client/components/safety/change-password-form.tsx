import { type FormEvent, useEffect, useRef, useState } from "react";
import type { ChangePasswordResponse } from "../../../common/api/account";
import { m } from "../../../common/messages";
import { bindPushHere } from "../../lib/push";
import { errorText, useApi } from "../../lib/use-resource";
import { Alert, MultiLine } from "../form";
import { PasswordField } from "../password-field";
import { useSession } from "../session-provider";

const t = m.safetyPage;

/**
 * The new token restarts the session's cached data, which remounts the profile and this form:
 * the success note is handed over to the new form here (for a few seconds, never stale).
 */
let changedAt = 0;
function takeChangedNote(): { error: boolean; text: string } | null {
  return Date.now() - changedAt < 10_000 ? { error: false, text: t.passwordChanged } : null;
}

/**
 * Change password with the current one. Other devices are signed out by the server (and lose
 * their pushes and the calendar address); this one keeps going with the fresh token the answer
 * carries, and keeps its pushes.
 */
export function ChangePasswordForm() {
  const api = useApi();
  const { signIn } = useSession();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(takeChangedNote);
  const note = useRef<HTMLParagraphElement>(null);

  // After a change (this form or its remounted successor) the keyboard focus goes to the note.
  useEffect(() => {
    if (status && !status.error) note.current?.focus();
  }, [status]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setStatus(null);
    try {
      const res = await api.post<ChangePasswordResponse>("/api/account/password", {
        json: { current_password: current, new_password: next },
      });
      changedAt = Date.now();
      signIn(res.access_token);
      // The change ended every browser's pushes; this one, still signed in, subscribes again.
      bindPushHere(api, res.access_token).catch(() => {});
      setCurrent("");
      setNext("");
      setStatus({ error: false, text: t.passwordChanged });
    } catch (error) {
      setStatus({ error: true, text: errorText(error, t.failed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="safety__form" onSubmit={submit} aria-labelledby="change-password-title">
      <h3 className="safety__subtitle" id="change-password-title">
        {t.changePassword}
      </h3>
      <PasswordField
        id="current-password"
        name="current_password"
        label={t.currentPassword}
        autoComplete="current-password"
        required
        value={current}
        onChange={setCurrent}
      />
      <PasswordField
        id="new-password"
        name="new_password"
        label={t.newPassword}
        required
        value={next}
        onChange={setNext}
      />
      {status?.error ? (
        <Alert>
          <MultiLine text={status.text} />
        </Alert>
      ) : null}
      <p className="safety__status" role="status" ref={note} tabIndex={-1}>
        {status && !status.error ? status.text : ""}
      </p>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t.changing : t.changePassword}
      </button>
    </form>
  );
}
