import { useRouter } from "@tanstack/react-router";
import { useState } from "react";
import type { ClubDetail, ClubMember } from "../../../../common/api/clubs";
import { format, m } from "../../../../common/messages";
import { ClubRequestList } from "../../../components/club-request-list";
import { askToConfirm } from "../../../components/confirm-host";
import { NoticeAlert } from "../../../components/form";
import { useSession } from "../../../components/session-provider";
import { useClubRequests } from "../../../components/use-club-requests";
import { errorText, useApi } from "../../../lib/use-resource";

const t = m.clubForm;

/**
 * The club's pending join requests on its Members tab, for whoever holds accept_requests there
 * (an officer, the owner, an admin): Accept and Decline. An accepted person joins the list below.
 */
export function ClubRequests({ clubId }: { clubId: number }) {
  const router = useRouter();
  const { requests, notice, busy, answer } = useClubRequests(clubId, {
    onAccepted: () => router.invalidate(),
    serverDetail: true,
  });

  return (
    <section className="club-section" aria-labelledby="club-requests" data-testid="club-requests">
      <h2 className="section-title" id="club-requests" tabIndex={-1}>
        {m.officersPage.joinRequests}
      </h2>
      <NoticeAlert notice={notice} />
      {requests.error ? (
        <p className="muted">{requests.error}</p>
      ) : requests.data === null ? (
        <div className="skeleton skeleton--line" aria-hidden="true" />
      ) : requests.data.length === 0 ? (
        <p className="muted">{t.noRequests}</p>
      ) : (
        <ClubRequestList requests={requests.data} busy={busy} onAnswer={answer} namedButtons />
      )}
    </section>
  );
}

/**
 * Takes a member out of the club (accept_requests), asked first; the page reloads its list. Not
 * beside the person's own name: leaving is the club's Leave, not a removal.
 */
export function RemoveMemberButton({ club, member }: { club: ClubDetail; member: ClubMember }) {
  const api = useApi();
  const router = useRouter();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (user?.id === member.id) return null;
  const name = member.display_name || member.username || "";
  const remove = async () => {
    const question = format(m.officersPage.removeMemberConfirm, { name, club: club.name });
    if (!(await askToConfirm({ message: question, confirmLabel: m.officersPage.removeMember }))) return;
    setBusy(true);
    setError(null);
    try {
      await api.del(`/api/connections/${club.id}?user_id=${member.id}`);
      await router.invalidate();
    } catch (cause) {
      setError(errorText(cause, m.officersPage.removeFailed));
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={busy}
        onClick={() => void remove()}
        aria-label={format(m.officersPage.removeMemberLabel, { name })}
      >
        {m.officersPage.removeMember}
      </button>
      {error ? (
        <span className="safety__status safety__status--error" role="status">
          {error}
        </span>
      ) : null}
    </>
  );
}
