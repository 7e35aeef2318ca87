import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import Settings from "lucide-react/icons/settings";
import { useState } from "react";
import type { NoticeJson } from "../../../common/api/notices";
import { m } from "../../../common/messages";
import { announce } from "../../components/announcer";
import { ResourceError } from "../../components/resource-error";
import { PageSkeleton } from "../../components/skeleton";
import { useApi, useResource } from "../../lib/use-resource";
import { NoticeItem } from "./-components/notice-item";
import { groupByDay } from "./-lib/group-by-day";

const PAGE = 30;

/** The notification centre: every notice, newest first, under day headings; mark one or all read. */
export function NotificationsPage() {
  const t = m.notices;
  const api = useApi();
  const queryClient = useQueryClient();
  const list = useResource(
    ["notifications", "notices", "centre"],
    (client) => client.get<NoticeJson[]>(`/api/notifications/notices?limit=${PAGE}`),
    { fallback: t.failedLoad },
  );
  const [older, setOlder] = useState<NoticeJson[]>([]);
  const [more, setMore] = useState(true);
  const [busy, setBusy] = useState(false);
  const notices = [...(list.data ?? []), ...older];
  // A notice read here is seen too: the menu's number moves with the bell's.
  const refreshCounts = () => {
    void queryClient.invalidateQueries({ queryKey: ["notices", "count"] });
    void queryClient.invalidateQueries({ queryKey: ["notifications", "count"] });
  };

  const markLocally = (ids: number[] | "all") => {
    const mark = (n: NoticeJson) => (ids === "all" || ids.includes(n.id) ? { ...n, read: true } : n);
    list.setData((d) => (d ? d.map(mark) : d));
    setOlder((d) => d.map(mark));
  };

  const markRead = async (notice: NoticeJson) => {
    if (notice.read) return;
    markLocally([notice.id]);
    await api.post(`/api/notifications/notices/${notice.id}/read`).catch(() => {});
    refreshCounts();
  };

  const markAll = async () => {
    setBusy(true);
    try {
      await api.post("/api/notifications/notices/read-all");
      markLocally("all");
      announce(t.markAllRead);
      refreshCounts();
    } catch {
      announce(t.failedLoad);
    } finally {
      setBusy(false);
    }
  };

  const loadOlder = async () => {
    const last = notices.at(-1);
    if (!last) return;
    setBusy(true);
    try {
      const page = await api.get<NoticeJson[]>(`/api/notifications/notices?limit=${PAGE}&before=${last.id}`);
      setOlder((d) => [...d, ...page]);
      setMore(page.length === PAGE);
    } finally {
      setBusy(false);
    }
  };

  const unread = notices.some((n) => !n.read);
  return (
    <div className="page notices-page">
      <div className="page__header notices-page__header">
        <h1 className="page__title">{t.title}</h1>
        <div className="notices-page__actions">
          {unread ? (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={markAll}
              disabled={busy}
            >
              {t.markAllRead}
            </button>
          ) : null}
          <Link to="/settings/notifications" className="button button--ghost button--small">
            <Settings aria-hidden="true" size={16} />
            {t.settingsLink}
          </Link>
        </div>
      </div>
      {list.error ? (
        <ResourceError resource={list} />
      ) : list.data === null ? (
        <PageSkeleton />
      ) : notices.length === 0 ? (
        <div className="empty-state" data-testid="notices-empty">
          <p>{t.empty}</p>
        </div>
      ) : (
        <>
          {groupByDay(notices).map((group) => (
            <section key={group.day} className="notices-page__day" aria-label={group.label}>
              <h2 className="notices-page__day-title">{group.label}</h2>
              <ul className="notices">
                {group.items.map((notice) => (
                  <NoticeItem key={notice.id} notice={notice} onOpen={markRead} onMarkRead={markRead} />
                ))}
              </ul>
            </section>
          ))}
          {more && (list.data?.length ?? 0) === PAGE ? (
            <button
              type="button"
              className="button button--ghost notices-page__more"
              onClick={loadOlder}
              disabled={busy}
            >
              {t.loadMore}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
