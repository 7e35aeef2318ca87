import { useId, useState } from "react";
import {
  CLUB_PERMISSIONS,
  type ClubPermission,
  type OfficerJson,
} from "../../../../common/api/club-officers";
import type { ClubMember } from "../../../../common/api/clubs";
import { m } from "../../../../common/messages";
import { type Notice, NoticeAlert } from "../../../components/form";
import { errorText, useApi, useResource } from "../../../lib/use-resource";

const t = m.officersPage;

/** Permission checkboxes (a fieldset with a legend, so a screen reader names the group). */
export function PermissionChecks({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: ClubPermission[];
  onChange: (next: ClubPermission[]) => void;
}) {
  const id = useId();
  return (
    <fieldset className="fieldset officer-permissions">
      <legend>{legend}</legend>
      {CLUB_PERMISSIONS.map((permission) => (
        <label key={permission} className="checkbox" htmlFor={`${id}-${permission}`}>
          <input
            id={`${id}-${permission}`}
            type="checkbox"
            checked={value.includes(permission)}
            onChange={(e) =>
              onChange(e.target.checked ? [...value, permission] : value.filter((p) => p !== permission))
            }
          />
          {t.permissionNames[permission]}
        </label>
      ))}
    </fieldset>
  );
}

function OfficerRow({
  clubId,
  member,
  officer,
  onSaved,
}: {
  clubId: number;
  member: ClubMember;
  officer: OfficerJson | undefined;
  onSaved: () => Promise<void>;
}) {
  const api = useApi();
  const id = useId();
  const [title, setTitle] = useState(officer?.title ?? "");
  const [permissions, setPermissions] = useState<ClubPermission[]>(officer?.permissions ?? []);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setNotice(null);
    try {
      await action();
      await onSaved();
      setNotice({ kind: "success", text: t.saved });
    } catch (error) {
      setNotice({ kind: "error", text: errorText(error, t.failed) });
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(() => api.put(`/api/clubs/${clubId}/officers/${member.id}`, { json: { title, permissions } }));
  const remove = () =>
    run(async () => {
      await api.del(`/api/clubs/${clubId}/officers/${member.id}`);
      setTitle("");
      setPermissions([]);
    });

  return (
    <li className="officer-row">
      <h4 className="officer-row__name">{member.display_name}</h4>
      <div className="field">
        <label htmlFor={`${id}-title`}>{t.title}</label>
        <input
          id={`${id}-title`}
          className="input"
          value={title}
          maxLength={60}
          placeholder={t.titlePlaceholder}
          onChange={(e) => setTitle(e.target.value)}
        />
      </div>
      <PermissionChecks legend={t.manage} value={permissions} onChange={setPermissions} />
      <div className="officer-row__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={save}>
          {t.save}
        </button>
        {officer ? (
          <button type="button" className="button button--secondary" disabled={busy} onClick={remove}>
            {t.remove}
          </button>
        ) : null}
      </div>
      <NoticeAlert notice={notice} />
    </li>
  );
}

/**
 * The owner's (or an admin's) Directiva screen inside /clubs/edit/{id}: every member with a
 * title field and permission checkboxes. No nested form: its buttons are type="button".
 */
export function OfficersManager({ clubId, members }: { clubId: number; members: ClubMember[] }) {
  const officers = useResource(
    ["club-officers", clubId],
    (a) => a.get<OfficerJson[]>(`/api/clubs/${clubId}/officers`),
    { fallback: t.failed },
  );
  return (
    <section aria-labelledby="club-officers-title" className="officers-manager">
      <h3 className="section-title" id="club-officers-title">
        {t.manageTitle}
      </h3>
      <p className="muted">{t.intro}</p>
      {members.length === 0 ? <p className="muted">{t.noMembers}</p> : null}
      {officers.data ? (
        <ul className="officer-list">
          {members.map((member) => (
            <OfficerRow
              key={member.id}
              clubId={clubId}
              member={member}
              officer={officers.data?.find((o) => o.user_id === member.id)}
              onSaved={officers.reload}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
