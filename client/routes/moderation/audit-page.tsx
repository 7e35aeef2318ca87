import { Link } from "@tanstack/react-router";
import Flag from "lucide-react/icons/flag";
import { useId, useState } from "react";
import type { AuditEntry } from "../../../common/api/admin";
import { formatDateTime, formatRelative } from "../../../common/datetime";
import { currentLocale, format, m } from "../../../common/messages";
import { ResourceError } from "../../components/resource-error";
import { PageSkeleton } from "../../components/skeleton";
import { toQuery } from "../../lib/api";
import { useResource } from "../../lib/use-resource";
import { actionKey, auditSentence } from "./-lib/audit-sentence";

const t = m.auditPage;
const PAGE = 20;
const TARGET_TYPES = ["user", "club", "post", "comment", "message", "owner_request", "watched_word"];

type Filter = { action: string; actor: string; target_type: string; target_id: string };
const EMPTY: Filter = { action: "", actor: "", target_type: "", target_id: "" };

/**
 * The audit log, newest first, each entry a sentence in the reader's language with how long ago
 * (the exact time on hover and on focus); filter by action and target named in words, by admin
 * and target number; page through with Newer/Older.
 */
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
                  {t.actionNames[actionKey(a)] ?? a}
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
                  {t.targetTypes[type] ?? type}
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
              <p className="audit-entry__head">{auditSentence(entry, currentLocale())}</p>
              <p className="audit-entry__meta muted">
                <AuditTime iso={entry.created_at} />
              </p>
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

/**
 * How long ago, with the exact Managua time on hover (title) and on keyboard focus (shown
 * beside it, and read as the description).
 */
function AuditTime({ iso }: { iso: string }) {
  const exact = formatDateTime(iso);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the exact time shows on focus (issue 38), for the keyboard as for the mouse
    <time className="audit-time" dateTime={iso} title={exact} tabIndex={0} data-exact={exact}>
      {formatRelative(iso)}
      <span className="visually-hidden">{format(t.exactTime, { time: exact })}</span>
    </time>
  );
}
