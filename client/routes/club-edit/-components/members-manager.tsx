import Check from "lucide-react/icons/check";
import X from "lucide-react/icons/x";
import { useState } from "react";
import type { ClubDetail, ClubMember } from "../../../../common/api/clubs";
import type { ConnectionRequest } from "../../../../common/api/connections";
import { formatDate } from "../../../../common/datetime";
import { displayName } from "../../../../common/display-name";
import { format, m } from "../../../../common/messages";
import { Alert, type Notice } from "../../../components/form";
import { JoinAnswers } from "../../../components/join-answers";
import { useApi, useResource } from "../../../lib/use-resource";
import { MembersCsvButton } from "./members-csv-button";

const t = m.clubForm;

/**
 * The Members tab of /clubs/edit/{id}: who is in the club, and the pending requests to it
 * (from the caller's received requests) with Accept and Decline.
 */
export function MembersManager({ clubId, initial }: { clubId: number; initial: ClubMember[] }) {
  const api = useApi();
  const [members, setMembers] = useState(initial);
  // The server filters by club (club_id); only the owner of this club (or an admin) gets any.
  const requests = useResource(
    ["connection-requests", "received", "club", clubId],
    (a) => a.get<ConnectionRequest[]>(`/api/connection-requests/received?club_id=${clubId}&limit=100`),
    { fallback: t.requestsFailed },
  );
  const [message, setMessage] = useState<Notice>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const act = async (request: ConnectionRequest, accept: boolean) => {
    setBusy(request.id);
    setMessage(null);
    try {
      if (accept) await api.post(`/api/connection-requests/${request.id}/accept`);
      else await api.del(`/api/connection-requests/${request.id}`);
      requests.setData((list) => (list ?? []).filter((r) => r.id !== request.id));
      setMessage({
        kind: "success",
        text: accept ? format(t.accepted, { name: displayName(request.user) }) : t.declined,
      });
      if (accept) {
        const club = await api.get<ClubDetail>(`/api/clubs/${clubId}`).catch(() => null);
        if (club) setMembers(club.members);
      }
    } catch {
      setMessage({ kind: "error", text: accept ? t.acceptFailed : t.declineFailed });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="members-manager">
      <section aria-labelledby="club-requests-title">
        <h3 className="section-title" id="club-requests-title">
          {t.requestsTitle}
        </h3>
        {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
        {requests.error ? (
          <Alert>
            {t.requestsFailed}{" "}
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void requests.reload()}
            >
              {m.postView.retry}
            </button>
          </Alert>
        ) : requests.data === null ? (
          <div className="skeleton skeleton--line" aria-hidden="true" />
        ) : requests.data.length === 0 ? (
          <p className="muted">{t.noRequests}</p>
        ) : (
          <ul className="request-list">
            {requests.data.map((request) => (
              <li key={request.id} className="request-list__item" data-testid="club-request">
                <div>
                  <span className="member-list__name">{displayName(request.user)}</span>{" "}
                  <span className="member-list__username">@{request.user.username}</span>
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
                  >
                    <Check aria-hidden="true" size={16} />
                    {t.accept}
                  </button>
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => act(request, false)}
                    disabled={busy === request.id}
                  >
                    <X aria-hidden="true" size={16} />
                    {t.decline}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="club-members-title">
        <h3 className="section-title" id="club-members-title">
          {t.membersTitle}
        </h3>
        <MembersCsvButton clubId={clubId} />
        {members.length === 0 ? (
          <p className="muted">{t.noMembers}</p>
        ) : (
          <ul className="member-list" data-testid="club-members">
            {members.map((member) => (
              <li key={member.id} className="member-list__item">
                <span className="member-list__name">{member.display_name}</span>{" "}
                <span className="member-list__username">@{member.username}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
