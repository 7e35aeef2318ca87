import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { CheckInList, CheckInPerson } from "../../../../common/api/check-ins";
import { formatTime } from "../../../../common/datetime";
import { displayName } from "../../../../common/display-name";
import { format, m } from "../../../../common/messages";
import { announce } from "../../../components/announcer";
import { Avatar } from "../../../components/avatar";
import { type Notice, NoticeAlert } from "../../../components/form";
import { ResourceError } from "../../../components/resource-error";
import { PageSkeleton } from "../../../components/skeleton";
import { createPollCache } from "../../../lib/poll-cache";
import { useApi } from "../../../lib/use-resource";
import { PendingCheckIns } from "./pending-check-ins";

const t = m.checkIns;
/** The chat's pace (spec section 9): an unchanged list costs a bodiless 304. */
const ATTENDANCE_POLL_MS = 2_000;

/**
 * Whose check-in waits for the owner's confirmation (first: it needs them), who is in (filling
 * live), and who is still expected, each with Mark present.
 */
export function AttendanceList({ postId }: { postId: number }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const poll = useRef(createPollCache()).current;
  const key = ["check-ins", postId];
  const query = useQuery<CheckInList>({
    queryKey: key,
    queryFn: async () =>
      (await poll<CheckInList>(api, `/api/posts/${postId}/check-ins`, { fallback: t.failedLoad })).data,
    refetchInterval: ATTENDANCE_POLL_MS,
    refetchIntervalInBackground: false,
    gcTime: 0,
  });
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const markPresent = async (person: CheckInPerson) => {
    setBusy(person.id);
    setNotice(null);
    try {
      await api.post(`/api/posts/${postId}/check-ins/manual`, {
        json: { user_id: person.id },
        fallback: t.failedMark,
      });
      const text = format(t.markedPresent, { name: displayName(person) });
      setNotice({ kind: "success", text });
      announce(text);
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      setNotice({ kind: "error", text: (error as Error).message || t.failedMark });
    } finally {
      setBusy(null);
    }
  };

  const resource = {
    error: query.error ? (query.error as Error).message || t.failedLoad : null,
    reload: async () => void (await query.refetch()),
  };
  if (query.error && !query.data) return <ResourceError resource={resource} />;
  const list = query.data;
  if (!list) return <PageSkeleton lines={4} />;
  return (
    <div className="attendance">
      <NoticeAlert notice={notice} />
      <PendingCheckIns
        postId={postId}
        people={list.pending}
        onNotice={setNotice}
        onReviewed={() => queryClient.invalidateQueries({ queryKey: key })}
      />
      <section aria-labelledby="attendance-present" className="attendance__section">
        <h2 id="attendance-present" className="section-title">
          {format(t.present, { count: list.checked_in.length })}
        </h2>
        {list.checked_in.length === 0 ? (
          <p className="muted">{t.nobodyYet}</p>
        ) : (
          <ul className="conn-list" data-testid="checked-in-list">
            {list.checked_in.map((person) => (
              <li key={person.id} className="conn-item" data-testid="checked-in">
                <Avatar src={person.profile_picture_url} name={displayName(person)} size={40} />
                <div className="conn-item__body">
                  <p className="conn-item__title">{displayName(person)}</p>
                  <p className="conn-item__sub">
                    {formatTime(person.checked_in_at)}
                    {person.by_hand ? ` · ${t.addedByHand}` : ""}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="attendance-missing" className="attendance__section">
        <h2 id="attendance-missing" className="section-title">
          {format(t.notYet, { count: list.not_checked_in.length })}
        </h2>
        {list.not_checked_in.length === 0 ? (
          <p className="muted">{t.everyoneIn}</p>
        ) : (
          <ul className="conn-list">
            {list.not_checked_in.map((person) => {
              const name = displayName(person);
              return (
                <li key={person.id} className="conn-item" data-testid="not-checked-in">
                  <Avatar src={person.profile_picture_url} name={name} size={40} />
                  <div className="conn-item__body">
                    <p className="conn-item__title">{name}</p>
                  </div>
                  <div className="conn-item__actions">
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      disabled={busy === person.id}
                      onClick={() => void markPresent(person)}
                      aria-label={format(t.markPresentLabel, { name })}
                    >
                      {t.markPresent}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
