import Check from "lucide-react/icons/check";
import X from "lucide-react/icons/x";
import { useState } from "react";
import type { OwnerRequest } from "../../../common/api/admin";
import { formatDate } from "../../../common/datetime";
import { displayName } from "../../../common/display-name";
import { format, m } from "../../../common/messages";
import { type Notice, NoticeAlert } from "../../components/form";
import { ResourceError } from "../../components/resource-error";
import { PageSkeleton } from "../../components/skeleton";
import { useApi, useResource } from "../../lib/use-resource";

const t = m.adminPages.ownerRequests;

/** Pending owner requests, oldest first, each with Approve and Deny. */
export function OwnerRequestsPage() {
  const api = useApi();
  const requests = useResource(
    ["admin", "owner-requests"],
    (a) => a.get<OwnerRequest[]>("/api/admin/owner-requests"),
    { fallback: t.failedLoad },
  );
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const decide = async (request: OwnerRequest, approve: boolean) => {
    setBusy(request.id);
    setNotice(null);
    try {
      await api.patch(`/api/admin/owner-requests/${request.id}?approve=${approve}`, { fallback: t.failed });
      requests.setData((list) => (list ?? []).filter((r) => r.id !== request.id));
      setNotice({
        kind: "success",
        text: format(approve ? t.approved : t.denied, { username: request.username }),
      });
    } catch (error) {
      setNotice({ kind: "error", text: (error as Error).message || t.failed });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="page admin-page">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__intro">{t.intro}</p>
      {notice ? (
        <div className="community-notice">
          <NoticeAlert notice={notice} />
        </div>
      ) : null}
      {requests.error ? (
        <ResourceError resource={requests} />
      ) : !requests.data ? (
        <PageSkeleton lines={3} />
      ) : requests.data.length === 0 ? (
        <div className="empty-state">
          <p>{t.empty}</p>
        </div>
      ) : (
        <ul className="conn-list">
          {requests.data.map((request) => {
            const name = displayName(request);
            return (
              <li key={request.id} className="conn-item" data-testid="owner-request">
                <div className="conn-item__body">
                  <p className="conn-item__title">
                    {name}
                    {name !== request.username ? <span className="muted"> @{request.username}</span> : null}
                  </p>
                  <p className="conn-item__sub">
                    {format(t.currentRole, { role: m.adminPages.roles[request.role] ?? request.role })} ·{" "}
                    {format(t.requested, { date: formatDate(request.created_at) })}
                  </p>
                </div>
                <div className="conn-item__actions">
                  <button
                    type="button"
                    className="button button--primary button--small"
                    disabled={busy === request.id}
                    onClick={() => void decide(request, true)}
                    aria-label={format(t.approveLabel, { username: request.username })}
                  >
                    <Check aria-hidden="true" size={16} />
                    {t.approve}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={busy === request.id}
                    onClick={() => void decide(request, false)}
                    aria-label={format(t.denyLabel, { username: request.username })}
                  >
                    <X aria-hidden="true" size={16} />
                    {t.deny}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
