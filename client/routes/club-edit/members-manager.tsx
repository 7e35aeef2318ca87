import { useRouter } from "@tanstack/react-router";
import { Check, X } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Alert } from "../../components/form";
import { formatDate } from "../../components/post/post-utils";
import type { ClubDetail, ClubMember } from "../../lib/types";
import { format, m } from "../../messages";

const t = m.contentUi.clubForm;

type ReceivedRequest = {
  id: number;
  club_id: number;
  user_id: number;
  created_at: string;
  user: { id: number; username: string; first_name: string | null; last_name: string | null };
};

function personName(user: ReceivedRequest["user"]): string {
  const full = [user.first_name, user.last_name].filter(Boolean).join(" ").trim();
  return full || user.username;
}

/**
 * The Members tab of /clubs/edit/{id}: who is in the club, and the pending requests to it
 * (from the caller's received requests) with Accept and Decline.
 */
export function MembersManager({ clubId, initial }: { clubId: number; initial: ClubMember[] }) {
  const { api } = useRouter().options.context;
  const [members, setMembers] = useState(initial);
  const [requests, setRequests] = useState<ReceivedRequest[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const list = await api.get<ReceivedRequest[]>(
        `/api/connection-requests/received?club_id=${clubId}&limit=100`,
        {
          fallback: t.requestsFailed,
        },
      );
      setRequests(list.filter((r) => r.club_id === clubId));
    } catch {
      setLoadError(t.requestsFailed);
    }
  }, [api, clubId]);

  useEffect(() => {
    void load();
  }, [load]);

  const act = async (request: ReceivedRequest, accept: boolean) => {
    setBusy(request.id);
    setMessage(null);
    try {
      if (accept) await api.post(`/api/connection-requests/${request.id}/accept`);
      else await api.del(`/api/connection-requests/${request.id}`);
      setRequests((list) => (list ?? []).filter((r) => r.id !== request.id));
      setMessage({
        kind: "success",
        text: accept ? format(t.accepted, { name: personName(request.user) }) : t.declined,
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
        {loadError ? (
          <Alert>
            {loadError}{" "}
            <button type="button" className="button button--secondary button--small" onClick={load}>
              {m.contentUi.post.retry}
            </button>
          </Alert>
        ) : requests === null ? (
          <div className="skeleton skeleton--line" aria-hidden="true" />
        ) : requests.length === 0 ? (
          <p className="muted">{t.noRequests}</p>
        ) : (
          <ul className="request-list">
            {requests.map((request) => (
              <li key={request.id} className="request-list__item" data-testid="club-request">
                <div>
                  <span className="member-list__name">{personName(request.user)}</span>{" "}
                  <span className="member-list__username">@{request.user.username}</span>
                  <span className="request-list__date">
                    {format(t.requestedOn, { date: formatDate(request.created_at) })}
                  </span>
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
