import { useId, useState } from "react";
import type { ClubPermission, TransferJson } from "../../../../common/api/club-officers";
import type { ClubMember } from "../../../../common/api/clubs";
import { format, m } from "../../../../common/messages";
import { type Notice, NoticeAlert } from "../../../components/form";
import { errorText, useApi, useResource } from "../../../lib/use-resource";
import { PermissionChecks } from "./officers-manager";

const t = m.officersPage;

/**
 * The owner's (or an admin's) handover: pick a member, choose what the old owner keeps as an
 * officer (or leave), offer; an open offer shows its state with Cancel.
 */
export function HandoverManager({ clubId, members }: { clubId: number; members: ClubMember[] }) {
  const api = useApi();
  const id = useId();
  // 404 means none is open: shown as no offer, not as an error.
  const open = useResource(["club-transfer", clubId], (a) =>
    a.get<TransferJson>(`/api/clubs/${clubId}/transfer`).catch(() => null),
  );
  const [to, setTo] = useState("");
  const [keep, setKeep] = useState<ClubPermission[]>([]);
  const [leave, setLeave] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setNotice(null);
    try {
      await action();
      await open.reload();
      setNotice({ kind: "success", text: t.saved });
    } catch (error) {
      setNotice({ kind: "error", text: errorText(error, t.failed) });
    } finally {
      setBusy(false);
    }
  };
  const offer = () =>
    run(() =>
      api.post(`/api/clubs/${clubId}/transfer`, {
        json: { to_user_id: Number(to), previous_owner_permissions: keep, previous_owner_leaves: leave },
      }),
    );
  const cancel = () => run(() => api.del(`/api/clubs/${clubId}/transfer`));
  const pending = open.data;
  const person = members.find((member) => member.id === pending?.to_user_id)?.display_name ?? "";

  return (
    <section aria-labelledby="club-handover-title" className="handover-manager">
      <h3 className="section-title" id="club-handover-title">
        {t.handoverHeading}
      </h3>
      <p className="muted">{t.handoverIntro}</p>
      {pending ? (
        <div className="handover-pending">
          <p>{format(t.pendingOffer, { person, status: t.statusNames[pending.status] })}</p>
          <button type="button" className="button button--secondary" disabled={busy} onClick={cancel}>
            {t.cancelOffer}
          </button>
        </div>
      ) : members.length === 0 ? (
        <p className="muted">{t.noMembers}</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-to`}>{t.handoverTo}</label>
            <select id={`${id}-to`} className="input" value={to} onChange={(e) => setTo(e.target.value)}>
              <option value="">—</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.display_name}
                </option>
              ))}
            </select>
          </div>
          <PermissionChecks legend={t.keepPermissions} value={keep} onChange={setKeep} />
          <label className="checkbox" htmlFor={`${id}-leave`}>
            <input
              id={`${id}-leave`}
              type="checkbox"
              checked={leave}
              onChange={(e) => setLeave(e.target.checked)}
            />
            {t.leaveAfter}
          </label>
          <button type="button" className="button button--primary" disabled={busy || !to} onClick={offer}>
            {t.offer}
          </button>
        </>
      )}
      <NoticeAlert notice={notice} />
    </section>
  );
}
