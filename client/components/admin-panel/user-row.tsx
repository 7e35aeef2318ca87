import { Link } from "@tanstack/react-router";
import { type ChangeEvent, useId, useState } from "react";
import type { AdminUser } from "../../../common/api/admin";
import { formatDateTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { ApiError } from "../../lib/api";
import type { Role } from "../../lib/session";
import { useApi } from "../../lib/use-resource";
import { MultiLine } from "../form";
import { ResetCodeButton } from "../safety/reset-code-button";
import { durationQuery, parseDuration } from "./duration";
import { DurationMeaning, DurationPicks } from "./duration-help";
import { failureText } from "./failure-text";

const t = m.adminPages;
const ROLES: Role[] = ["member", "owner", "admin"];

type Status = { kind: "error" | "success"; text: string } | null;

/**
 * One user in the admin panel: who they are, their ban and mute state, a "D H M" duration with
 * Ban and Mute, Unban and Unmute when they apply, and the role select (applied on change).
 */
export function UserRow({
  user,
  isSelf,
  onChange,
}: {
  user: AdminUser;
  isSelf: boolean;
  onChange: (user: AdminUser) => void;
}) {
  const api = useApi();
  const id = useId();
  const [duration, setDuration] = useState("");
  const [durationError, setDurationError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ");

  const run = async (
    action: () => Promise<AdminUser>,
    success: (u: AdminUser) => string,
    failTitle: string,
  ) => {
    setBusy(true);
    setStatus(null);
    try {
      const next = await action();
      onChange(next);
      setStatus({ kind: "success", text: success(next) });
      return true;
    } catch (error) {
      setStatus({ kind: "error", text: failureText(error, failTitle) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const restrict = async (kind: "ban" | "mute") => {
    const parsed = parseDuration(duration);
    if (!parsed.ok) {
      setDurationError(
        parsed.reason === "zero"
          ? t.durationZero
          : parsed.reason === "tooLong"
            ? t.durationTooLong
            : t.durationFormat,
      );
      return;
    }
    setDurationError(null);
    const done = await run(
      async () => {
        const path = `/api/admin/users/${user.id}/${kind}${durationQuery(kind, parsed.value)}`;
        if (kind === "ban") {
          const r = await api.patch<{ ban_until: string | null }>(path, { fallback: t.actionFailed });
          return { ...user, ban_until: r.ban_until, is_banned: !!r.ban_until };
        }
        const r = await api.patch<{ mute_until: string | null }>(path, { fallback: t.actionFailed });
        return { ...user, mute_until: r.mute_until, is_muted: !!r.mute_until };
      },
      (u) =>
        format(kind === "ban" ? t.bannedDone : t.mutedDone, {
          username: u.username,
          until: formatDateTime(kind === "ban" ? u.ban_until : u.mute_until),
        }),
      t.actionFailed,
    );
    if (done) setDuration("");
  };

  const lift = (kind: "ban" | "mute") =>
    run(
      async () => {
        await api.patch(`/api/admin/users/${user.id}/${kind}?${kind}=false`, {
          fallback: kind === "ban" ? t.unbanFailed : t.unmuteFailed,
        });
        return kind === "ban"
          ? { ...user, ban_until: null, is_banned: false }
          : { ...user, mute_until: null, is_muted: false };
      },
      (u) => format(kind === "ban" ? t.unbannedDone : t.unmutedDone, { username: u.username }),
      kind === "ban" ? t.unbanFailed : t.unmuteFailed,
    );

  const changeRole = async (event: ChangeEvent<HTMLSelectElement>) => {
    const role = event.target.value as Role;
    if (role === user.role) return;
    setBusy(true);
    setStatus(null);
    try {
      const r = await api.patch<{ role: Role }>(`/api/admin/users/${user.id}/role`, {
        json: { role },
        fallback: t.failedSetRole,
      });
      onChange({ ...user, role: r.role });
      setStatus({
        kind: "success",
        text: format(t.roleDone, { username: user.username, role: t.roles[r.role] ?? r.role }),
      });
    } catch (error) {
      // The server refused (own role, last admin, …) or the call failed outright.
      const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      setStatus({
        kind: "error",
        text: failureText(error, refused ? t.couldNotChangeRole : t.failedSetRole),
      });
      // The select is controlled by user.role, so it snaps back on its own.
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="admin-user" data-testid="admin-user" data-username={user.username}>
      <div className="admin-user__who">
        <p className="admin-user__name">
          <Link to="/users/$userId" params={{ userId: String(user.id) }}>
            {user.username}
          </Link>
          {user.test_account ? <span className="chip">{t.testAccount}</span> : null}
        </p>
        {name || user.email ? (
          <p className="admin-user__meta">{[name, user.email].filter(Boolean).join(" · ")}</p>
        ) : null}
        {user.is_banned && user.ban_until ? (
          <p className="admin-user__flag admin-user__flag--ban">
            {format(t.bannedUntil, { until: formatDateTime(user.ban_until) })}
          </p>
        ) : null}
        {user.is_muted && user.mute_until ? (
          <p className="admin-user__flag">
            {format(t.mutedUntil, { until: formatDateTime(user.mute_until) })}
          </p>
        ) : null}
      </div>

      <div className="admin-user__controls">
        <label htmlFor={`${id}-role`} className="visually-hidden">
          {format(t.roleLabel, { username: user.username })}
        </label>
        <select
          id={`${id}-role`}
          className="select admin-user__role"
          value={user.role}
          disabled={busy || isSelf}
          onChange={(event) => void changeRole(event)}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t.roles[role] ?? role}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-duration`} className="visually-hidden">
          {format(t.durationLabel, { username: user.username })}
        </label>
        <input
          id={`${id}-duration`}
          className="input admin-user__duration"
          value={duration}
          placeholder={t.durationPlaceholder}
          inputMode="numeric"
          aria-invalid={durationError ? true : undefined}
          aria-describedby={
            durationError ? `${id}-duration-error ${id}-duration-means` : `${id}-duration-means`
          }
          onChange={(event) => {
            setDuration(event.target.value);
            setDurationError(null);
          }}
        />
        <DurationMeaning id={`${id}-duration-means`} value={duration} />
        <DurationPicks
          label={format(t.durationLabel, { username: user.username })}
          onPick={(value) => {
            setDuration(value);
            setDurationError(null);
          }}
        />
        {durationError ? (
          <p className="field__error admin-user__duration-error" id={`${id}-duration-error`}>
            {durationError}
          </p>
        ) : null}
        <div className="button-row admin-user__actions">
          <button
            type="button"
            className="button button--danger button--small"
            disabled={busy}
            onClick={() => void restrict("ban")}
          >
            {t.ban}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={busy}
            onClick={() => void restrict("mute")}
          >
            {t.mute}
          </button>
          {user.is_banned ? (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={busy}
              onClick={() => void lift("ban")}
            >
              {t.unban}
            </button>
          ) : null}
          {user.is_muted ? (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={busy}
              onClick={() => void lift("mute")}
            >
              {t.unmute}
            </button>
          ) : null}
        </div>
      </div>
      {isSelf ? null : <ResetCodeButton userId={user.id} name={name || user.username} />}
      {status ? (
        <p
          className={
            status.kind === "error" ? "admin-user__status admin-user__status--error" : "admin-user__status"
          }
          role={status.kind === "error" ? "alert" : "status"}
        >
          <MultiLine text={status.text} />
        </p>
      ) : null}
    </li>
  );
}
