import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import Check from "lucide-react/icons/check";
import UserPlus from "lucide-react/icons/user-plus";
import { useState } from "react";
import type { ClubDetail } from "../../../../common/api/clubs";
import { m } from "../../../../common/messages";
import { announce } from "../../../components/announcer";
import { Alert, MultiLine } from "../../../components/form";
import { useSession } from "../../../components/session-provider";
import { ApiError } from "../../../lib/api";
import { LazyPart } from "../../../lib/lazy-parts";
import { offerPush } from "../../../lib/push";
import { joinDialog } from "../-lib/lazy-parts";

/** Spec section 8: 401 -> /login; 403 -> the server's message, then profile creation; else the reason. */
export function ConnectButton({ club }: { club: ClubDetail }) {
  const t = m.clubPage;
  const { ready, token } = useSession();
  const router = useRouter();
  const navigate = useNavigate();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const pending = sent || (club.request_pending !== null && club.request_pending !== undefined);
  const questions = club.join_questions ?? [];

  const connect = () => {
    if (busy || pending) return;
    setError(null);
    if (!token) {
      setError(t.loginToConnect);
      return;
    }
    // A club with join questions asks them first; the request goes from the dialog.
    if (questions.length) setAsking(true);
    else void send();
  };

  const send = async (answers?: string[]) => {
    setBusy(true);
    setError(null);
    try {
      await router.options.context.api.post(`/api/connection-requests?club_id=${club.id}`, {
        fallback: t.sendFailed,
        json: answers ? { answers } : undefined,
      });
      setSent(true);
      setAsking(false);
      announce(t.connectionSent);
      offerPush();
    } catch (cause) {
      const e = cause instanceof ApiError ? cause : null;
      if (e?.status === 401) {
        void navigate({ to: "/login" });
      } else if (e?.status === 403) {
        void navigate({ to: "/profile/create", state: { notice: e.message } as never });
      } else {
        setError(e?.message && e.message !== t.sendFailed ? `${t.sendFailed}\n${e.message}` : t.sendFailed);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {/* One button throughout (aria-disabled, not disabled, once pressed), so keyboard focus stays
          on it when it turns into Connection Sent; the live region says what happened. */}
      <button
        type="button"
        className={pending ? "button button--success" : "button button--primary"}
        onClick={pending ? undefined : connect}
        // Disabled until the page has hydrated and read the session: a tap before that would be lost.
        disabled={!pending && !ready}
        aria-disabled={pending || busy ? "true" : undefined}
      >
        {pending ? <Check aria-hidden="true" size={18} /> : <UserPlus aria-hidden="true" size={18} />}
        {pending ? t.connectionSent : t.connect}
      </button>
      {asking ? (
        <LazyPart parts={joinDialog}>
          {({ JoinQuestionsDialog }) => (
            <JoinQuestionsDialog
              clubName={club.name}
              questions={questions}
              busy={busy}
              error={error}
              onSend={(answers) => void send(answers)}
              onCancel={() => {
                setAsking(false);
                setError(null);
              }}
            />
          )}
        </LazyPart>
      ) : null}
      {error && !asking ? (
        <div className="club-header__error">
          <Alert>
            <MultiLine text={error} />
            {!token ? (
              <>
                {" "}
                <Link to="/login">{m.nav.logIn}</Link>
              </>
            ) : null}
          </Alert>
        </div>
      ) : null}
    </>
  );
}
