import { useState } from "react";
import type { CheckInList } from "../../../../common/api/check-ins";
import { formatTime } from "../../../../common/datetime";
import { displayName } from "../../../../common/display-name";
import { format, m } from "../../../../common/messages";
import { announce } from "../../../components/announcer";
import { Avatar } from "../../../components/avatar";
import type { Notice } from "../../../components/form";
import { useApi } from "../../../lib/use-resource";

const t = m.checkIns;
type Pending = CheckInList["pending"][number];

/**
 * Check-ins "por confirmar": sent more than two minutes after their claimed time (a phone that
 * had no signal, or a photographed code replayed later). They count only once the owner
 * confirms them; shown only when there are some.
 */
export function PendingCheckIns({
  postId,
  people,
  onReviewed,
  onNotice,
}: {
  postId: number;
  people: Pending[];
  onReviewed: () => Promise<void>;
  onNotice: (notice: Notice) => void;
}) {
  const api = useApi();
  const [busy, setBusy] = useState<number | null>(null);
  if (people.length === 0) return null;

  const review = async (person: Pending, verdict: "confirm" | "reject") => {
    setBusy(person.id);
    onNotice(null);
    try {
      await api.post(`/api/posts/${postId}/check-ins/${person.id}/${verdict}`, { fallback: t.failedReview });
      const text = format(verdict === "confirm" ? t.confirmed : t.rejected, { name: displayName(person) });
      onNotice({ kind: "success", text });
      announce(text);
      await onReviewed();
    } catch (error) {
      onNotice({ kind: "error", text: (error as Error).message || t.failedReview });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="attendance-pending" className="attendance__section attendance__pending">
      <h2 id="attendance-pending" className="section-title">
        {format(t.pendingTitle, { count: people.length })}
      </h2>
      <p className="muted attendance__help">{t.pendingHelp}</p>
      <ul className="conn-list">
        {people.map((person) => {
          const name = displayName(person);
          return (
            <li key={person.id} className="conn-item" data-testid="pending-check-in">
              <Avatar src={person.profile_picture_url} name={name} size={40} />
              <div className="conn-item__body">
                <p className="conn-item__title">{name}</p>
                <p className="conn-item__sub">
                  {format(t.pendingClaimed, { time: formatTime(person.checked_in_at) })}
                </p>
                <p className="conn-item__sub">
                  {format(t.pendingReceived, { time: formatTime(person.received_at) })}
                </p>
              </div>
              <div className="conn-item__actions">
                <button
                  type="button"
                  className="button button--primary button--small"
                  disabled={busy === person.id}
                  onClick={() => void review(person, "confirm")}
                  aria-label={format(t.confirmLabel, { name })}
                >
                  {t.confirm}
                </button>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={busy === person.id}
                  onClick={() => void review(person, "reject")}
                  aria-label={format(t.rejectLabel, { name })}
                >
                  {t.reject}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
