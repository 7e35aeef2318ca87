import { Link } from "@tanstack/react-router";
import Flag from "lucide-react/icons/flag";
import { useId, useState } from "react";
import type { AuditEntry } from "../../../common/api/admin";
import { formatDateTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { ResourceError } from "../../components/resource-error";
import { PageSkeleton } from "../../components/skeleton";
import { toQuery } from "../../lib/api";
import { useResource } from "../../lib/use-resource";

const t = m.auditPage;
const PAGE = 20;
const TARGET_TYPES = ["user", "club", "post", "comment", "message", "owner_request"];

type Filter = { action: string; actor: string; target_type: string; target_id: string };
const EMPTY: Filter = { action: "", actor: "", target_type: "", target_id: "" };

/** The audit log, newest first: filter by action, admin and target; page through with Newer/Older. */
export function AuditPage() {
  const id = useId();
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [offset, setOffset] = useState(0);
  const actions = useResource(["admin", "audit-actions"], (api) =>
    api.get<string[]>("/api/admin/audit/actions"),
  );
  const log = useResource(
    ["admin", "audit", filter, offset],
    async (api) => {
      let total = 0;
      const entries = await api.get<AuditEntry[]>(
        `/api/admin/audit${toQuery({ ...filter, limit: PAGE, offset })}`,
        {
          fallback: t.failedLoad,
          onResponse: (response) => {
            total = Number(response.headers.get("x-total-count") ?? 0);
          },
        },
      );
      return { entries, total };
    },
    { fallback: t.failedLoad },
  );
  const set = (key: keyof Filter) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  const total = log.data?.total ?? 0;
  const shown = log.data?.entries.length ?? 0;

  return (
    <div className="page admin-page audit-page">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__intro">{t.intro}</p>
      <p>
        <Link to="/admin/reports" className="button button--secondary button--small">
          <Flag aria-hidden="true" size={16} />
          {m.reportQueuePage.title}
        </Link>
      </p>
      <search>
        <form
          className="audit-filter"
          onSubmit={(event) => {
            event.preventDefault();
            setOffset(0);
            setFilter({ ...draft, actor: draft.actor.trim(), target_id: draft.target_id.trim() });
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor={`${id}-action`}>
              {t.action}
            </label>
            <select id={`${id}-action`} className="input" value={draft.action} onChange={set("action")}>
              <option value="">{t.allActions}</option>
              {(actions.data ?? []).map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-actor`}>
              {t.actor}
            </label>
            <input
              id={`${id}-actor`}
              className="input"
              value={draft.actor}
              maxLength={64}
              onChange={set("actor")}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-type`}>
              {t.targetType}
            </label>
            <select
              id={`${id}-type`}
              className="input"
              value={draft.target_type}
              onChange={set("target_type")}
            >
              <option value="">{t.anyTarget}</option>
              {TARGET_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-target`}>
              {t.targetId}
            </label>
            <input
              id={`${id}-target`}
              className="input"
              inputMode="numeric"
              value={draft.target_id}
              onChange={set("target_id")}
            />
          </div>
          <div className="button-row audit-filter__buttons">
            <button type="submit" className="button button--primary button--small">
              {t.apply}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => {
                setDraft(EMPTY);
                setFilter(EMPTY);
                setOffset(0);
              }}
            >
              {t.clear}
            </button>
          </div>
        </form>
      </search>
      <p className="field__hint" role="status">
        {log.data && shown > 0 ? format(t.pageOf, { from: offset + 1, to: offset + shown, total }) : ""}
      </p>
      {log.error ? (
        <ResourceError resource={log} />
      ) : !log.data ? (
        <PageSkeleton lines={5} />
      ) : shown === 0 ? (
        <p className="empty-state">{t.empty}</p>
      ) : (
        <ol className="audit-list">
          {log.data.entries.map((entry) => (
            <li key={entry.id} className="audit-entry" data-testid="audit-entry">
              <p className="audit-entry__head">
                <strong className="audit-entry__action">{entry.action}</strong>{" "}
                <span>
                  {entry.target_type}
                  {entry.target_id !== null ? ` #${entry.target_id}` : ""}
                </span>
              </p>
              <p className="audit-entry__meta muted">
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                {" · "}
                {entry.actor_username ? `@${entry.actor_username}` : t.system}
              </p>
              {Object.keys(entry.details).length > 0 ? (
                <dl className="audit-entry__details" aria-label={t.details}>
                  {Object.entries(entry.details).map(([key, value]) => (
                    <div key={key}>
                      <dt>{key}</dt>
                      <dd>{typeof value === "string" ? value : JSON.stringify(value)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <nav className="button-row audit-paging" aria-label={t.pages}>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={offset === 0}
          onClick={() => setOffset(Math.max(0, offset - PAGE))}
        >
          {t.previous}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={offset + shown >= total}
          onClick={() => setOffset(offset + PAGE)}
        >
          {t.next}
        </button>
      </nav>
    </div>
  );
}
