import { getRouteApi } from "@tanstack/react-router";
import { useEffect } from "react";
import { format, m } from "../../../common/messages";
import { ReportNotices } from "../../components/report/report-notices";
import { useSession } from "../../components/session-provider";
import { TabList } from "../../components/tab-list";
import { useNoticeCounts } from "../../lib/notice-count";
import { useRefreshNotificationCount } from "../../lib/shared-data";
import { useApi } from "../../lib/use-resource";
import { MyConnectionsTab } from "./-components/my-connections-tab";
import { RequestsTab } from "./-components/requests-tab";
import type { ConnectionTab } from "./route";

const route = getRouteApi("/authed/connections");
const t = m.connectionsPage;

/**
 * Tabs My Connections and Connection Requests (kept in `?tab=` so each can be linked). Opening
 * the page marks the caller's notices (request accepted or declined) seen, so the badge drops.
 */
export function ConnectionsPage() {
  const api = useApi();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const active: ConnectionTab = search.tab ?? "mine";
  const refreshNotificationCount = useRefreshNotificationCount();
  const { token } = useSession();
  const joinRequests = useNoticeCounts(token).join_requests;

  useEffect(() => {
    api
      .post("/api/notifications/seen")
      .then(() => refreshNotificationCount())
      .catch(() => {
        // The badge is best effort, like the count itself.
      });
  }, [api, refreshNotificationCount]);

  return (
    <div className="page connections">
      <h1 className="page__title">{t.title}</h1>
      <ReportNotices />
      <TabList
        label={t.tabsLabel}
        idPrefix="connections"
        active={active}
        tabs={[
          { key: "mine", label: t.tabMine },
          // The owner's pending requests counted here, where they are (not on the Chats tab).
          {
            key: "requests",
            label: t.tabRequests,
            badge: joinRequests,
            badgeLabel: format(m.nav.badgeRequests, { count: joinRequests }),
          },
        ]}
        onSelect={(key) =>
          void navigate({ search: key === "mine" ? {} : { tab: key }, replace: true, resetScroll: false })
        }
      />
      <div role="tabpanel" id="connections-panel" aria-labelledby={`connections-tab-${active}`}>
        {active === "mine" ? <MyConnectionsTab /> : <RequestsTab />}
      </div>
    </div>
  );
}
