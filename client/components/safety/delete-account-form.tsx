import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { m } from "../../../common/messages";
import { errorText, useApi } from "../../lib/use-resource";
import { Alert, MultiLine } from "../form";
import { PasswordField } from "../password-field";
import { useSession } from "../session-provider";

const t = m.safetyPage;

/**
 * Delete my account: first a button that explains what goes, then the password to confirm.
 * On success the session ends and the person lands on the home page with a goodbye.
 */
export function DeleteAccountForm() {
  const api = useApi();
  const navigate = useNavigate();
  const { signOut } = useSession();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Opening the confirmation moves the focus to where the password goes (keyboard users).
  useEffect(() => {
    if (open) document.getElementById("delete-account-password")?.focus();
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.post("/api/account/delete", { json: { password } });
      signOut();
      window.alert(t.accountDeleted);
      await navigate({ to: "/" });
    } catch (cause) {
      setError(errorText(cause, t.failed));
      setBusy(false);
    }
  };

  return (
    <div className="safety__form safety__danger">
      <h3 className="safety__subtitle">{t.deleteAccount}</h3>
      <p id="delete-account-explain">{t.deleteAccountExplain}</p>
      {open ? (
        <form onSubmit={submit} aria-describedby="delete-account-explain">
          <PasswordField
            id="delete-account-password"
            name="password"
            label={t.deleteAccountPassword}
            autoComplete="current-password"
            required
            value={password}
            onChange={setPassword}
          />
          {error ? (
            <Alert>
              <MultiLine text={error} />
            </Alert>
          ) : null}
          <div className="button-row">
            <button type="submit" className="button button--danger" disabled={busy}>
              {busy ? t.deleting : t.deleteAccountForever}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
              {t.cancel}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button--danger button--small" onClick={() => setOpen(true)}>
          {t.deleteAccount}
        </button>
      )}
    </div>
  );
}
