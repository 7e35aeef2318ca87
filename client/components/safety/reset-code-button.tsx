import KeyRound from "lucide-react/icons/key-round";
import { useEffect, useRef, useState } from "react";
import type { ResetCodeResponse } from "../../../common/api/account";
import { formatDateTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { errorText, useApi } from "../../lib/use-resource";
import { askToConfirm } from "../confirm-host";

const t = m.safetyPage;

/**
 * Admin panel: a one-time reset code for a student without working e-mail. The code lives only
 * in this component's state, shown once until Close; nothing keeps or logs it.
 */
export function ResetCodeButton({ userId, name }: { userId: number; name: string }) {
  const api = useApi();
  const [issued, setIssued] = useState<ResetCodeResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = useRef<HTMLDivElement>(null);

  // The code appears below the row's other controls: bring it into view and focus it.
  useEffect(() => {
    if (!issued) return;
    shown.current?.scrollIntoView({ block: "nearest" });
    shown.current?.focus();
  }, [issued]);

  const create = async () => {
    if (!(await askToConfirm({ message: format(t.resetCodeConfirm, { name }) }))) return;
    setBusy(true);
    setError(null);
    try {
      setIssued(await api.post<ResetCodeResponse>(`/api/admin/users/${userId}/reset-code`));
    } catch (cause) {
      setError(errorText(cause, t.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="safety__reset">
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={busy}
        aria-label={format(t.resetCodeFor, { name })}
        onClick={() => void create()}
      >
        <KeyRound aria-hidden="true" size={16} />
        {t.resetCode}
      </button>
      {error ? (
        <p className="safety__status safety__status--error" role="alert">
          {error}
        </p>
      ) : null}
      <div role="status">
        {issued ? (
          <div className="safety__code" data-testid="reset-code" ref={shown} tabIndex={-1}>
            <p className="safety__code-value">{issued.code}</p>
            <p>{format(t.resetCodeShown, { name, until: formatDateTime(issued.expires_at) })}</p>
            <p className="field__hint">{t.resetCodeHow}</p>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => setIssued(null)}
            >
              {t.close}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
