import { Link } from "@tanstack/react-router";
import LogOut from "lucide-react/icons/log-out";
import { useState } from "react";
import type { ConnectionClub } from "../../../common/api/connections";
import { format, m } from "../../../common/messages";
import { announce } from "../../components/announcer";
import { ClubCard } from "../../components/club-card";
import { askToConfirm } from "../../components/confirm-host";
import { type Notice, NoticeAlert } from "../../components/form";
import { ResourceError } from "../../components/resource-error";
import { CardGridSkeleton } from "../../components/skeleton";
import { useMyConnections } from "../../lib/shared-data";
import { useApi } from "../../lib/use-resource";

const t = m.myClubsPage;

/** The user's clubs as the shared club cards, each with Leave (owners cannot leave their own club). */
export function MyClubsPage() {
  const api = useApi();
  const connections = useMyConnections(t.failedLoad);
  const clubs = connections.data?.clubs ?? null;
  const [busyId, setBusyId] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const leave = async (club: ConnectionClub) => {
    if (!(await askToConfirm({ message: format(t.leaveConfirm, { name: club.name }) }))) return;
    setBusyId(club.id);
    setNotice(null);
    try {
      await api.del(`/api/clubs/${club.id}/membership`, { fallback: t.failedDisconnect });
      connections.setData((d) => (d ? { ...d, clubs: d.clubs.filter((c) => c.id !== club.id) } : d));
      setNotice({ kind: "success", text: format(t.left, { name: club.name }) });
      announce(format(t.left, { name: club.name }));
    } catch (error) {
      setNotice({ kind: "error", text: (error as Error).message || t.failedDisconnect });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="page my-clubs">
      <div className="page__header">
        <div>
          <h1 className="page__title">{t.title}</h1>
          <p className="page__intro">{t.intro}</p>
        </div>
      </div>
      {notice ? (
        <div className="community-notice">
          <NoticeAlert notice={notice} />
        </div>
      ) : null}
      {connections.error ? (
        <ResourceError resource={connections} />
      ) : clubs === null ? (
        <CardGridSkeleton count={3} />
      ) : clubs.length === 0 ? (
        <div className="empty-state">
          <p>{t.empty}</p>
          <Link to="/clubs" className="button button--primary">
            {t.browse}
          </Link>
        </div>
      ) : (
        <ul className="card-grid my-clubs__grid">
          {clubs.map((club) => (
            <li key={club.id} className="my-clubs__item" data-testid="my-club">
              <ClubCard club={club} level={2} />
              <div className="my-clubs__actions">
                {club.is_owner ? (
                  <span className="chip">{t.owned}</span>
                ) : (
                  <button
                    type="button"
                    className="button button--ghost button--small my-clubs__leave"
                    onClick={() => void leave(club)}
                    disabled={busyId === club.id}
                    aria-label={format(t.leaveLabel, { name: club.name })}
                  >
                    <LogOut aria-hidden="true" size={16} />
                    {busyId === club.id ? t.leaving : t.leave}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
