import { useRouter } from "@tanstack/react-router";
import Check from "lucide-react/icons/check";
import X from "lucide-react/icons/x";
import { useState } from "react";
import type { ClubDetail, ClubMember } from "../../../../common/api/clubs";
import type { ConnectionRequest } from "../../../../common/api/connections";
import { formatDate } from "../../../../common/datetime";
import { format, m } from "../../../../common/messages";
import { askToConfirm } from "../../../components/confirm-host";
import { type Notice, NoticeAlert } from "../../../components/form";
import { JoinAnswers } from "../../../components/join-answers";
import { useSession } from "../../../components/session-provider";
import { displayName } from "../../../lib/display-name";
import { errorText, useApi, useResource } from "../../../lib/use-resource";

const t = m.clubForm;

/**
 * The club's pending join requests on its Members tab, for whoever holds accept_requests there
 * (an officer, the owner, an admin): Accept and Decline. An accepted person joins the list below.
 */
export function ClubRequests({ clubId }: { clubId: number }) {
  const api = useApi();
  const router = useRouter();
  const requests = useResource(
    ["connection-requests", "received", "club", clubId],
    (a) => a.get<ConnectionRequest[]>(`/api/connection-requests/received?club_id=${clubId}&limit=100`),
    { fallback: t.requestsFailed },
  );
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const act = async (request: ConnectionRequest, accept: boolean) => {
    setBusy(request.id);
    setNotice(null);
    try {
      if (accept) await api.post(`/api/connection-requests/${request.id}/accept`);
      else await api.del(`/api/connection-requests/${request.id}`);
      requests.setData((list) => (list ?? []).filter((r) => r.id !== request.id));
      setNotice({
        kind: "success",
        text: accept ? format(t.accepted, { name: displayName(request.user) }) : t.declined,
      });
      if (accept) await router.invalidate();
    } catch (error) {
      setNotice({ kind: "error", text: errorText(error, accept ? t.acceptFailed : t.declineFailed) });
    } finally {
      setBusy(null);
    }
  };

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
        <ul className="request-list">
          {requests.data.map((request) => {
            const name = displayName(request.user);
            return (
              <li key={request.id} className="request-list__item" data-testid="club-request">
                <div>
                  <span className="member-list__name">{name}</span>{" "}
                  <span className="request-list__date">
                    {format(t.requestedOn, { date: formatDate(request.created_at) })}
                  </span>
                  <JoinAnswers answers={request.answers} />
                </div>
                <div className="button-row">
                  <button
                    type="button"
                    className="button button--primary button--small"
                    onClick={() => act(request, true)}
                    disabled={busy === request.id}
                    aria-label={format(m.connectionsPage.acceptLabel, { name, club: request.club.name })}
                  >
                    <Check aria-hidden="true" size={16} />
                    {t.accept}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => act(request, false)}
                    disabled={busy === request.id}
                    aria-label={format(m.connectionsPage.declineLabel, { name, club: request.club.name })}
                  >
                    <X aria-hidden="true" size={16} />
                    {t.decline}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
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
