import type { ReactNode } from "react";
import type { DashboardJson } from "../../../../common/api/dashboard";
import { formatDate } from "../../../../common/datetime";
import { m } from "../../../../common/messages";
import { BarList, ColumnChart, LineChart } from "./charts";
import { DataTable } from "./data-table";
import { formatCount, formatShortDay, formatWait } from "./format";

const t = m.recruitingPage;

function Section({
  id,
  title,
  wide = false,
  children,
}: {
  id: string;
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`card-panel dash-section${wide ? " dash-section--wide" : ""}`} aria-labelledby={id}>
      <h2 id={id} className="dash-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Summary({ data }: { data: DashboardJson }) {
  const change = data.members.end - data.members.start;
  const items: [string, string][] = [
    ...(data.club ? [] : [[t.clubsCount, formatCount(data.clubs)] as [string, string]]),
    [t.membersNow, formatCount(data.members.end)],
    [t.membersChange, `${change > 0 ? "+" : ""}${formatCount(change)}`],
    [t.requestsReceived, formatCount(data.requests.received)],
    [
      t.medianAnswer,
      data.requests.median_answer_seconds === null
        ? t.noAnswers
        : formatWait(data.requests.median_answer_seconds),
    ],
    [t.viewsTotal, formatCount(data.views.total)],
  ];
  return (
    <section aria-labelledby="dash-summary">
      <h2 id="dash-summary" className="visually-hidden">
        {t.summary}
      </h2>
      <dl className="dash-summary">
        {items.map(([label, value]) => (
          <div key={label} className="dash-summary__item">
            <dt>{label}</dt>
            {/* A sentence ("Aún sin respuestas") in the figures' size would not fit a phone's card. */}
            <dd className={/\d/.test(value) ? undefined : "dash-summary__words"}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const dayColumn = { header: t.colDay, cell: (r: { day: string }) => formatShortDay(r.day) };

/** Everything the API answered, as charts with their text tables, and two plain tables. */
export function DashboardView({ data }: { data: DashboardJson }) {
  const r = data.requests;
  const requestRows = [
    { key: "received", label: t.statusReceived, value: r.received },
    { key: "accepted", label: t.statusAccepted, value: r.accepted },
    { key: "declined", label: t.statusDeclined, value: r.declined },
    { key: "withdrawn", label: t.statusWithdrawn, value: r.withdrawn },
    { key: "pending", label: t.statusPending, value: r.pending },
  ];
  const site = data.club === null;
  return (
    <div className="dash">
      <Summary data={data} />
      <Section id="dash-members" title={t.membersTitle}>
        <LineChart
          points={data.members.series.map((s) => ({ label: formatShortDay(s.day), value: s.members }))}
        />
        <DataTable
          hidden
          caption={t.membersTable}
          rows={data.members.series}
          rowKey={(s) => s.day}
          columns={[dayColumn, { header: t.colMembers, cell: (s) => s.members, numeric: true }]}
        />
      </Section>
      <Section id="dash-requests" title={t.requestsTitle}>
        <BarList points={requestRows.map((row) => ({ label: row.label, value: row.value }))} />
        <DataTable
          hidden
          caption={t.requestsTable}
          rows={requestRows}
          rowKey={(row) => row.key}
          columns={[
            { header: t.colStatus, cell: (row) => row.label },
            { header: t.colCount, cell: (row) => row.value, numeric: true },
          ]}
        />
        <p className="dash-note">
          {t.medianAnswer}:{" "}
          {r.median_answer_seconds === null ? t.noAnswers : formatWait(r.median_answer_seconds)}
        </p>
      </Section>
      <Section id="dash-views" title={t.viewsTitle}>
        {data.views.series.length === 0 ? (
          <p className="muted">{t.noData}</p>
        ) : (
          <>
            <ColumnChart
              points={data.views.series.map((s) => ({ label: formatShortDay(s.day), value: s.views }))}
            />
            <DataTable
              hidden
              caption={t.viewsTable}
              rows={data.views.series}
              rowKey={(s) => s.day}
              columns={[dayColumn, { header: t.colViews, cell: (s) => s.views, numeric: true }]}
            />
          </>
        )}
      </Section>
      <Section id="dash-posts" title={t.postsTitle} wide>
        {data.posts.length === 0 ? (
          <p className="muted">{t.postsEmpty}</p>
        ) : (
          <DataTable
            caption={t.postsTitle}
            rows={data.posts}
            rowKey={(p) => p.id}
            columns={[
              { header: t.colPost, cell: (p) => p.title || t.untitled },
              ...(site ? [{ header: t.colClub, cell: (p: (typeof data.posts)[number]) => p.club_name }] : []),
              { header: t.colPublished, cell: (p) => formatDate(p.created_at) },
              { header: t.colViews, cell: (p) => p.views, numeric: true },
              { header: t.colLikes, cell: (p) => p.likes, numeric: true },
              { header: t.colComments, cell: (p) => p.comments, numeric: true },
            ]}
          />
        )}
      </Section>
      <Section id="dash-events" title={t.eventsTitle} wide>
        {data.events.length === 0 ? (
          <p className="muted">{t.eventsEmpty}</p>
        ) : (
          <DataTable
            caption={t.eventsTitle}
            rows={data.events}
            rowKey={(e) => e.id}
            columns={[
              { header: t.colEvent, cell: (e) => e.title || t.untitled },
              ...(site
                ? [{ header: t.colClub, cell: (e: (typeof data.events)[number]) => e.club_name }]
                : []),
              { header: t.colDate, cell: (e) => formatDate(e.event_date) },
              { header: t.colGoing, cell: (e) => e.going, numeric: true },
              { header: t.colWaitlisted, cell: (e) => e.waitlisted, numeric: true },
              {
                header: t.colAttended,
                numeric: true,
                cell: (e) =>
                  e.attended === null ? (
                    <>
                      <span aria-hidden="true">{t.notRecorded}</span>
                      <span className="visually-hidden">{t.notRecordedLabel}</span>
                    </>
                  ) : (
                    e.attended
                  ),
              },
            ]}
          />
        )}
      </Section>
      <Section id="dash-chat" title={t.chatTitle}>
        {data.chat_days.length === 0 ? (
          <p className="muted">{t.chatEmpty}</p>
        ) : (
          <>
            <BarList
              points={data.chat_days.map((d) => ({ label: formatShortDay(d.day), value: d.messages }))}
            />
            <DataTable
              hidden
              caption={t.chatTable}
              rows={data.chat_days}
              rowKey={(d) => d.day}
              columns={[dayColumn, { header: t.colMessages, cell: (d) => d.messages, numeric: true }]}
            />
          </>
        )}
      </Section>
    </div>
  );
}
