import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import ScrollText from "lucide-react/icons/scroll-text";
import { useState } from "react";
import type { ReportGroup } from "../../../common/api/reports";
import { m } from "../../../common/messages";
import { type Notice, NoticeAlert } from "../../components/form";
import { ResourceError } from "../../components/resource-error";
import { PageSkeleton } from "../../components/skeleton";
import { useResource } from "../../lib/use-resource";
import { ReportGroupCard } from "./-components/report-group-card";

const t = m.reportQueuePage;
const QUEUE_LIMIT = 50;

/** Open reports grouped by what they are about, the most reported first, each with its actions. */
export function ReportQueuePage() {
  const queryClient = useQueryClient();
  const queue = useResource(
    ["admin", "reports"],
    (api) => api.get<ReportGroup[]>(`/api/admin/reports?limit=${QUEUE_LIMIT}`),
    { fallback: t.failedLoad },
  );
  const [notice, setNotice] = useState<Notice>(null);

  const onResolved = (group: ReportGroup, text: string) => {
    queue.setData((list) =>
      (list ?? []).filter((g) => !(g.target_type === group.target_type && g.target_id === group.target_id)),
    );
    setNotice({ kind: "success", text });
    void queryClient.invalidateQueries({ queryKey: ["admin", "reports-count"] });
  };

  return (
    <div className="page admin-page report-queue">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__intro">{t.intro}</p>
      <p>
        <Link to="/admin/audit" className="button button--secondary button--small">
          <ScrollText aria-hidden="true" size={16} />
          {t.viewAudit}
        </Link>
      </p>
      <div aria-live="polite">{notice ? <NoticeAlert notice={notice} /> : null}</div>
      {queue.error ? (
        <ResourceError resource={queue} />
      ) : !queue.data ? (
        <PageSkeleton lines={4} />
      ) : queue.data.length === 0 ? (
        <div className="empty-state">
          <p>{t.empty}</p>
        </div>
      ) : (
        <ul className="report-queue__list">
          {queue.data.map((group) => (
            <ReportGroupCard
              key={`${group.target_type}:${group.target_id}`}
              group={group}
              onResolved={(text) => onResolved(group, text)}
              onFailed={(text) => setNotice({ kind: "error", text })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
