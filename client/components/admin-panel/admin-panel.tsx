import { Link } from "@tanstack/react-router";
import ClipboardCheck from "lucide-react/icons/clipboard-check";
import UserPlus from "lucide-react/icons/user-plus";
import { useEffect, useId, useState } from "react";
import type { AdminUser } from "../../../common/api/admin";
import { format, m } from "../../../common/messages";
import { toQuery } from "../../lib/api";
import { useResource } from "../../lib/use-resource";
import { MailOffNotice } from "../mail-off-notice";
import { ModerationLinks } from "../report/moderation-links";
import { ResourceError } from "../resource-error";
import { useSession } from "../session-provider";
import { UserRow } from "./user-row";

const t = m.adminPages;
/** Spec section 9: the list shows 5 users unless searching. */
const DEFAULT_USER_COUNT = 5;
const SEARCH_LIMIT = 50;
const SEARCH_DELAY_MS = 300;

/** The admin tools: links to the admin pages, and the user list with moderation per user. */
export default function AdminPanel() {
  const { user } = useSession();
  const [query, setQuery] = useState("");
  const [search, setSearch] = useState("");
  const searchId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(query.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const users = useResource(
    ["admin", "users", search],
    (api) =>
      api.get<AdminUser[]>(
        `/api/admin/users${toQuery(search ? { search, limit: SEARCH_LIMIT } : { limit: DEFAULT_USER_COUNT })}`,
      ),
    // The rows on screen stay while a search loads: a reset code just shown in one of them
    // (shown once, kept only in the row's state) must not vanish when the results arrive.
    { fallback: t.failedLoadUsers, keepPrevious: true },
  );
  const list = users.data ? (search ? users.data : users.data.slice(0, DEFAULT_USER_COUNT)) : null;

  return (
    <div className="admin-panel__content">
      <MailOffNotice audience="admin" />
      <ul className="admin-panel__links">
        <li>
          <Link to="/admin/owner-requests" className="button button--secondary button--small">
            <ClipboardCheck aria-hidden="true" size={16} />
            {t.ownerRequestsLink}
          </Link>
        </li>
        <li>
          <Link to="/admin/dummies" className="button button--secondary button--small">
            <UserPlus aria-hidden="true" size={16} />
            {t.dummiesLink}
          </Link>
        </li>
        <ModerationLinks />
      </ul>

      <section aria-labelledby={`${searchId}-title`}>
        <h3 id={`${searchId}-title`} className="admin-panel__section-title">
          {t.users}
        </h3>
        <search>
          <form
            className="admin-panel__search"
            onSubmit={(event) => {
              event.preventDefault();
              setSearch(query.trim());
            }}
          >
            <label htmlFor={searchId} className="field__label">
              {t.searchLabel}
            </label>
            <input
              id={searchId}
              type="search"
              className="input"
              value={query}
              placeholder={t.searchPlaceholder}
              maxLength={200}
              onChange={(event) => setQuery(event.target.value)}
            />
          </form>
        </search>
        <p className="field__hint" role="status">
          {users.loading
            ? m.shellCommon.loading
            : search
              ? format(t.matches, { count: list?.length ?? 0 })
              : t.latestUsers}
        </p>
        {users.error ? (
          <ResourceError resource={users} />
        ) : list === null ? null : list.length === 0 ? (
          <p className="muted">{t.noUsers}</p>
        ) : (
          <ul className="admin-users">
            {list.map((u) => (
              <UserRow
                key={u.id}
                user={u}
                isSelf={u.id === user?.id}
                onChange={(next) =>
                  users.setData((current) => (current ?? []).map((x) => (x.id === next.id ? next : x)))
                }
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
