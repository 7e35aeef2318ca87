import { useEffect, useRef, useState } from "react";
import type { SignOutEverywhereResponse } from "../../../common/api/account";
import { m } from "../../../common/messages";
import { bindPushHere } from "../../lib/push";
import { errorText, useApi } from "../../lib/use-resource";
import { askToConfirm } from "../confirm-host";
import { Alert } from "../form";
import { useSession } from "../session-provider";

const t = m.safetyPage;

/** As in the password form: the new token remounts this section, so the note is handed over. */
let doneAt = 0;
function takeDoneNote(): { error: boolean; text: string } | null {
  return Date.now() - doneAt < 10_000 ? { error: false, text: t.signedOutEverywhere } : null;
}

/**
 * Sign out on every other device (a school computer left signed in), after a question that says
 * what ends with it: their pushes and the calendar address. This device keeps going with the
 * fresh token the answer carries, and keeps its pushes.
 */
export function SignOutEverywhere() {
  const api = useApi();
  const { signIn } = useSession();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(takeDoneNote);
  const note = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (status && !status.error) note.current?.focus();
  }, [status]);

  const run = async () => {
    if (busy) return;
    const sure = await askToConfirm({
      title: t.signOutEverywhere,
      message: t.signOutEverywhereConfirm,
      confirmLabel: t.signOutEverywhereYes,
    });
    if (!sure) return;
    setBusy(true);
    setStatus(null);
    try {
      const res = await api.post<SignOutEverywhereResponse>("/api/account/sign-out-everywhere");
      doneAt = Date.now();
      signIn(res.access_token);
      bindPushHere(api, res.access_token).catch(() => {});
      setStatus({ error: false, text: t.signedOutEverywhere });
    } catch (error) {
      setStatus({ error: true, text: errorText(error, t.failed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="safety__form" data-testid="sign-out-everywhere">
      <h3 className="safety__subtitle">{t.signOutEverywhere}</h3>
      <p className="field__hint">{t.signOutEverywhereHint}</p>
      {status?.error ? <Alert>{status.text}</Alert> : null}
      <p className="safety__status" role="status" ref={note} tabIndex={-1}>
        {status && !status.error ? status.text : ""}
      </p>
      <button type="button" className="button button--secondary" onClick={run} disabled={busy}>
        {busy ? t.signingOut : t.signOutEverywhere}
      </button>
    </div>
  );
}
