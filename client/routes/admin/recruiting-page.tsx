import { Link } from "@tanstack/react-router";
import { useState } from "react";
import type { ClubListItem } from "../../../common/api/clubs";
import type { DashboardJson } from "../../../common/api/dashboard";
import { format, m } from "../../../common/messages";
import { Alert } from "../../components/form";
import { ResourceError } from "../../components/resource-error";
import { useSession } from "../../components/session-provider";
import { PageSkeleton } from "../../components/skeleton";
import { toQuery } from "../../lib/api";
import { useMyConnections } from "../../lib/shared-data";
import { useResource } from "../../lib/use-resource";
import { DashboardView } from "./-dashboard/dashboard-view";
import { formatLongDay } from "./-dashboard/format";
import { type ClubOption, RangeForm, type Selection } from "./-dashboard/range-form";

const t = m.recruitingPage;

/** Admins pick from the largest clubs (the API pages at 100) as well as their own. */
function useClubOptions(isAdmin: boolean) {
  const mine = useMyConnections(t.failedLoad);
  const all = useResource(["dashboard-clubs"], (api) => api.get<ClubListItem[]>("/api/clubs?limit=100"), {
    fallback: t.failedLoad,
    enabled: isAdmin,
  });
  const owned = mine.data?.clubs.filter((c) => c.is_owner) ?? null;
  if (!isAdmin) return { options: owned, error: mine.error ? mine : null };
  if (!all.data || !owned) return { options: null, error: all.error ? all : mine.error ? mine : null };
  const seen = new Set<number>();
  const options: ClubOption[] = [...owned, ...all.data]
    .filter((c) => !seen.has(c.id) && seen.add(c.id))
    .map((c) => ({ id: c.id, name: c.name }));
  return { options, error: null };
}

/** `/recruiting`: an owner's clubs' figures (one at a time), or an admin's site totals and any club. */
export function RecruitingPage() {
  const { user } = useSession();
  const isAdmin = user?.role === "admin";
  const clubs = useClubOptions(isAdmin);
  const [picked, setPicked] = useState<Selection | null>(null);
  const firstClub = clubs.options?.[0]?.id;
  const selection: Selection | null =
    picked ?? (isAdmin ? { scope: "site" } : firstClub !== undefined ? { scope: firstClub } : null);
  const path = selection
    ? `${selection.scope === "site" ? "/api/admin/dashboard" : `/api/clubs/${selection.scope}/dashboard`}${toQuery(
        {
          from: selection.from,
          to: selection.to,
        },
      )}`
    : null;
  const figures = useResource(["dashboard", path], (api) => api.get<DashboardJson>(path ?? ""), {
    fallback: t.failedDashboard,
    enabled: path !== null,
    keepPrevious: true,
  });

  return (
    <div className="page recruiting">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__intro">{t.intro}</p>
      {clubs.error ? (
        <ResourceError resource={clubs.error} />
      ) : !clubs.options ? (
        <PageSkeleton />
      ) : !isAdmin && clubs.options.length === 0 ? (
        <div className="empty-state">
          <p>{t.noClubs}</p>
          <Link to="/clubs/new" className="button button--primary">
            {t.createClub}
          </Link>
        </div>
      ) : selection ? (
        <>
          <RangeForm
            clubs={clubs.options}
            allowSite={isAdmin}
            selection={selection}
            shown={figures.data?.range ?? null}
            onApply={setPicked}
          />
          <div aria-live="polite" className="dash-status">
            {figures.data && !figures.loading ? (
              <p className="muted">
                {format(t.rangeShown, {
                  start: formatLongDay(figures.data.range.from),
                  end: formatLongDay(figures.data.range.to),
                })}
              </p>
            ) : (
              <p className="muted">{t.loading}</p>
            )}
          </div>
          {figures.error ? (
            figures.data ? (
              <Alert>{figures.error}</Alert>
            ) : (
              <ResourceError resource={figures} />
            )
          ) : null}
          {figures.data ? (
            <DashboardView data={figures.data} />
          ) : figures.error ? null : (
            <PageSkeleton lines={8} />
          )}
          <p>
            <Link to="/connections" search={{ tab: "requests" }}>
              {t.requests}
            </Link>
          </p>
        </>
      ) : null}
    </div>
  );
}
