import { Link, useRouter } from "@tanstack/react-router";
import ClipboardCheck from "lucide-react/icons/clipboard-check";
import { useState } from "react";
import type { OfficerJson, TransferJson } from "../../../../common/api/club-officers";
import { m } from "../../../../common/messages";
import { type Notice, NoticeAlert } from "../../../components/form";
import { errorText, useApi, useResource } from "../../../lib/use-resource";

const t = m.officersPage;

/**
 * The club's Directiva with titles, for members, the owner and admins (others get a 403 and
 * see nothing here; the spec's free-text president, vice and secretary stay in the details).
 */
export function Directiva({ clubId }: { clubId: number }) {
  const officers = useResource(["club-officers", clubId], (a) =>
    a.get<OfficerJson[]>(`/api/clubs/${clubId}/officers`).catch(() => null),
  );
  if (!officers.data || officers.data.length === 0) return null;
  return (
    <section className="club-section" aria-labelledby="club-directiva-title">
      <h2 className="section-title" id="club-directiva-title">
        {t.directiva}
      </h2>
      <dl className="info-list">
        {officers.data.map((officer) => (
          <div className="info-list__row" key={officer.user_id}>
            <dt>{officer.title}</dt>
            <dd>{officer.display_name}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * An officer with check_in (often a member account, without the owner's buttons) gets the
 * "Take attendance" link for the club's next event here.
 */
export function OfficerAttendanceLink({
  clubId,
  viewerId,
  eventId,
}: {
  clubId: number;
  viewerId: number;
  eventId: number | null;
}) {
  const officers = useResource(["club-officers", clubId], (a) =>
    a.get<OfficerJson[]>(`/api/clubs/${clubId}/officers`).catch(() => null),
  );
  const me = officers.data?.find((o) => o.user_id === viewerId);
  if (!eventId || !me?.permissions.includes("check_in")) return null;
  return (
    <p className="club-page__events">
      <Link
        to="/events/$postId/attendance"
        params={{ postId: String(eventId) }}
        className="button button--secondary"
      >
        <ClipboardCheck aria-hidden="true" size={18} />
        {m.checkIns.takeAttendance}
      </Link>
    </p>
  );
}

/** A handover offered to the viewer: Accept or Decline (shown to nobody else). */
export function HandoverOffer({ clubId, viewerId }: { clubId: number; viewerId: number }) {
  const api = useApi();
  const router = useRouter();
  const open = useResource(["club-transfer", clubId], (a) =>
    a.get<TransferJson>(`/api/clubs/${clubId}/transfer`).catch(() => null),
  );
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const offer = open.data;
  if (!offer || offer.to_user_id !== viewerId) return <NoticeAlert notice={notice} />;

  const answer = async (accept: boolean) => {
    setBusy(true);
    setNotice(null);
    try {
      await api.post(`/api/clubs/${clubId}/transfer/${accept ? "accept" : "decline"}`);
      await open.reload();
      await router.invalidate();
      setNotice({ kind: "success", text: t.saved });
    } catch (error) {
      setNotice({ kind: "error", text: errorText(error, t.failed) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="handover-offer" aria-labelledby="club-handover-offer">
      {offer.status === "offered" ? (
        <>
          <p id="club-handover-offer">{t.offeredToYou}</p>
          <div className="handover-offer__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => answer(true)}
            >
              {t.accept}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => answer(false)}
            >
              {t.decline}
            </button>
          </div>
        </>
      ) : (
        <p id="club-handover-offer">{t.offeredToYouAwaiting}</p>
      )}
      <NoticeAlert notice={notice} />
    </section>
  );
}
