import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import Check from "lucide-react/icons/check";
import X from "lucide-react/icons/x";
import { useState } from "react";
import type { ConnectionRequest } from "../../../../common/api/connections";
import { formatDate } from "../../../../common/datetime";
import { displayName } from "../../../../common/display-name";
import { format, m } from "../../../../common/messages";
import { Avatar } from "../../../components/avatar";
import { type Notice, NoticeAlert } from "../../../components/form";
import { JoinAnswers } from "../../../components/join-answers";
import { ResourceError } from "../../../components/resource-error";
import { useSession } from "../../../components/session-provider";
import { PageSkeleton } from "../../../components/skeleton";
import { hasRole } from "../../../lib/session";
import { useRefreshNotificationCount } from "../../../lib/shared-data";
import { useApi, useResource } from "../../../lib/use-resource";

const t = m.connectionsPage;

/**
 * Received requests (owners, admins and officers with accept_requests: accept or decline; an
 * answered request leaves the list)
 * and the caller's own pending requests (withdraw).
 */
export function RequestsTab() {
  const api = useApi();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const refreshNotificationCount = useRefreshNotificationCount();
  // Everyone asks: an officer with accept_requests (often a member account) decides their club's
  // requests too, and the server lists only those the caller decides (issue 49).
  const received = useResource(
    ["connection-requests", "received"],
    (a) => a.get<ConnectionRequest[]>("/api/connection-requests/received?limit=100"),
    { fallback: t.failedReceived },
  );
  const [answered, setAnswered] = useState(false);
  // Owners and admins always see the section (an empty one says so); others once they have one
  // (and still after answering the last, so the answer's message keeps its place).
  const canReceive = hasRole(user, ["owner", "admin"]) || answered || (received.data?.length ?? 0) > 0;
  const sent = useResource(
    ["connection-requests", "sent"],
    (a) => a.get<ConnectionRequest[]>("/api/connection-requests/sent?limit=100"),
    { fallback: t.failedSent },
  );
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const act = async (request: ConnectionRequest, kind: "accept" | "decline" | "withdraw"): Promise<void> => {
    setBusy(request.id);
    setNotice(null);
    const name = displayName(request.user);
    const club = request.club.name;
    const fallback =
      kind === "accept" ? t.failedAccept : kind === "decline" ? t.failedDecline : t.failedWithdraw;
    try {
      if (kind === "accept") await api.post(`/api/connection-requests/${request.id}/accept`, { fallback });
      else await api.del(`/api/connection-requests/${request.id}`, { fallback });
      if (kind !== "withdraw") setAnswered(true);
      const list = kind === "withdraw" ? sent : received;
      list.setData((items) => (items ?? []).filter((r) => r.id !== request.id));
      const text =
        kind === "accept"
          ? format(t.accepted, { name, club })
          : kind === "decline"
            ? format(t.declined, { name })
            : format(t.withdrawn, { club });
      setNotice({ kind: "success", text });
      refreshNotificationCount();
      if (kind === "accept") void queryClient.invalidateQueries({ queryKey: ["my-connections"] });
    } catch (error) {
      setNotice({ kind: "error", text: (error as Error).message || fallback });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="connections__requests">
      <NoticeAlert notice={notice} />

      {canReceive ? (
        <section aria-labelledby="requests-received" className="connections__section">
          <h2 id="requests-received" className="section-title">
            {t.received}
          </h2>
          {received.error ? (
            <ResourceError resource={received} />
          ) : !received.data ? (
            <PageSkeleton lines={2} />
          ) : received.data.length === 0 ? (
            <p className="muted">{t.noReceived}</p>
          ) : (
            <ul className="conn-list">
              {received.data.map((request) => {
                const name = displayName(request.user);
                const club = request.club.name;
                return (
                  <li key={request.id} className="conn-item" data-testid="request-received">
                    <Avatar src={request.user.profile_picture_url} name={name} size={48} />
                    <div className="conn-item__body">
                      <p className="conn-item__title">
                        <Link to="/users/$userId" params={{ userId: String(request.user.id) }}>
                          {name}
                        </Link>
                      </p>
                      <p className="conn-item__sub">
                        {format(t.wantsToJoin, { club })}
                        <span className="muted"> · {formatDate(request.created_at)}</span>
                      </p>
                      <JoinAnswers answers={request.answers} />
                    </div>
                    <div className="conn-item__actions">
                      <button
                        type="button"
                        className="button button--primary button--small"
                        disabled={busy === request.id}
                        onClick={() => void act(request, "accept")}
                        aria-label={format(t.acceptLabel, { name, club })}
                      >
                        <Check aria-hidden="true" size={16} />
                        {t.accept}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        disabled={busy === request.id}
                        onClick={() => void act(request, "decline")}
                        aria-label={format(t.declineLabel, { name, club })}
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
      ) : null}

      <section aria-labelledby="requests-sent" className="connections__section">
        <h2 id="requests-sent" className="section-title">
          {t.sent}
        </h2>
        {sent.error ? (
          <ResourceError resource={sent} />
        ) : !sent.data ? (
          <PageSkeleton lines={2} />
        ) : sent.data.length === 0 ? (
          <div className="empty-state empty-state--small">
            <p>{t.noSent}</p>
            <Link to="/clubs" className="button button--secondary">
              {t.findClubs}
            </Link>
          </div>
        ) : (
          <ul className="conn-list">
            {sent.data.map((request) => {
              const club = request.club.name;
              return (
                <li key={request.id} className="conn-item" data-testid="request-sent">
                  <Avatar
                    src={request.club.profile_image_url ?? request.club.image_url}
                    name={club}
                    size={48}
                  />
                  <div className="conn-item__body">
                    <p className="conn-item__title">
                      <Link to="/clubs/$clubId" params={{ clubId: String(request.club_id) }}>
                        {club}
                      </Link>
                    </p>
                    <p className="conn-item__sub">{format(t.askedToJoin, { club })}</p>
                  </div>
                  <div className="conn-item__actions">
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      disabled={busy === request.id}
                      onClick={() => void act(request, "withdraw")}
                      aria-label={format(t.withdrawLabel, { club })}
                    >
                      {t.withdraw}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
