import { type DashboardJson, type DashboardQuery, DEFAULT_RANGE_DAYS } from "../../../common/api/dashboard";
import { m } from "../../../common/messages";
import type { Database } from "../../lib/database/client";
import { NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-token";
import { assertClubPermission, findClubAccess } from "../clubs";
import { attendanceByEvent } from "./attendance-queries";
import {
  type DashboardScope,
  selectChatDays,
  selectClubCount,
  selectClubName,
  selectEvents,
  selectMemberSeries,
  selectPosts,
  selectRequestFigures,
  selectViewSeries,
} from "./queries";

const DAY_MS = 86_400_000;
/** Managua is UTC−6 all year (no daylight saving). */
const MANAGUA_OFFSET_MS = -6 * 3_600_000;

function managuaToday(now: Date) {
  return new Date(now.getTime() + MANAGUA_OFFSET_MS).toISOString().slice(0, 10);
}

function shiftDay(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The range asked for; a missing end is today (Managua), a missing start 30 days before the end. */
export function resolveRange(query: DashboardQuery, now = new Date()) {
  const to = query.to ?? (query.from ? shiftDay(query.from, DEFAULT_RANGE_DAYS - 1) : managuaToday(now));
  const from = query.from ?? shiftDay(to, -(DEFAULT_RANGE_DAYS - 1));
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
  return { from, to, days };
}

const iso = (value: Date | string) => new Date(value).toISOString();

async function buildDashboard(db: Database, scope: DashboardScope, club: DashboardJson["club"]) {
  const [series, requests, views, posts, events, chatDays, clubs] = await Promise.all([
    selectMemberSeries(db, scope),
    selectRequestFigures(db, scope),
    selectViewSeries(db, scope),
    selectPosts(db, scope),
    selectEvents(db, scope),
    selectChatDays(db, scope),
    club ? 1 : selectClubCount(db),
  ]);
  const attended = await attendanceByEvent(
    db,
    events.map((e) => e.id),
  );
  const answered = requests.accepted + requests.declined + requests.withdrawn;
  const range = resolveRange({ from: scope.from, to: scope.to });
  return {
    club,
    range,
    clubs,
    members: { start: series[0]?.members ?? 0, end: series.at(-1)?.members ?? 0, series },
    requests: {
      received: answered + requests.pending,
      accepted: requests.accepted,
      declined: requests.declined,
      withdrawn: requests.withdrawn,
      pending: requests.pending,
      median_answer_seconds: requests.median_seconds === null ? null : Math.round(requests.median_seconds),
    },
    views: { total: posts[0]?.total_views ?? 0, series: views },
    posts: posts.map(({ total_views: _, ...p }) => ({ ...p, created_at: iso(p.created_at) })),
    events: events.map((e) => ({
      ...e,
      event_date: iso(e.event_date),
      attended: attended.get(e.id) ?? null,
    })),
    chat_days: chatDays,
  } satisfies DashboardJson;
}

/** One club's figures, for its owner or an admin. */
export async function getClubDashboard({
  db,
  user,
  clubId,
  query,
}: {
  db: Database;
  user: SessionUser;
  clubId: number;
  query: DashboardQuery;
}) {
  const access = await findClubAccess(db, clubId);
  if (!access) throw new NotFound(m.clubs.notFound);
  const detail = m.dashboard.clubForbidden;
  await assertClubPermission({ db, user, club: access, permission: "edit_club", detail });
  const name = (await selectClubName(db, clubId)) ?? "";
  return await buildDashboard(db, { clubId, ...resolveRange(query) }, { id: clubId, name });
}

/** Every club's figures together (admins; the route checks the role). */
export async function getSiteDashboard({ db, query }: { db: Database; query: DashboardQuery }) {
  return await buildDashboard(db, { clubId: null, ...resolveRange(query) }, null);
}
