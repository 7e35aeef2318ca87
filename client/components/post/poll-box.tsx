import { type FormEvent, useEffect, useId, useState } from "react";
import type { PollJson, PollVotersJson } from "../../../common/api/polls";
import { formatDateTime } from "../../../common/datetime";
import { format, m } from "../../../common/messages";
import { onLivePoll } from "../../lib/live/live-state";
import { errorText, useApi, useResource } from "../../lib/use-resource";
import { LiveRegion } from "../live-region";

/** Results refresh this often while the card is on screen (and the tab is shown). */
const REFRESH_MS = 20_000;

/** Share of the voters who chose the option (a multiple-choice poll's shares can add past 100). */
export function percentOf(votes: number, voters: number): number {
  return voters > 0 ? Math.round((votes / voters) * 100) : 0;
}

/**
 * A poll on a feed card, in a club's Posts tab and in the post dialog: the choices for a member
 * while it is open, and the results as bars with their count and percentage written out (the bar
 * itself is decoration). Results refresh on their own while shown.
 */
export function PollBox({ pollId }: { pollId: number }) {
  const t = m.polls;
  const id = useId();
  const api = useApi();
  const poll = useResource<PollJson>(["poll", pollId], (api) => api.get<PollJson>(`/api/polls/${pollId}`), {
    refetchInterval: REFRESH_MS,
    fallback: t.couldNotLoad,
  });
  const data = poll.data;
  const [chosen, setChosen] = useState<number[]>([]);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [voters, setVoters] = useState<PollVotersJson | null>(null);
  const [showVoters, setShowVoters] = useState(false);
  const { setData } = poll;
  // Live bars: a `poll` frame carries everyone's counts; the person's own choices stay as they are.
  useEffect(
    () =>
      onLivePoll((counts) => {
        if (counts.id !== pollId) return;
        setData((was) =>
          was
            ? {
                ...was,
                options: counts.options,
                total_voters: counts.total_voters,
                closed: counts.closed,
                can_vote: was.can_vote && !counts.closed,
                can_close: was.can_close && !counts.closed,
              }
            : was,
        );
      }),
    [pollId, setData],
  );
  const mine = data?.my_votes.join(",") ?? "";
  // The saved vote is the starting choice, until the person picks something else.
  useEffect(() => {
    if (!dirty) setChosen(mine ? mine.split(",").map(Number) : []);
  }, [mine, dirty]);

  if (!data) {
    return poll.error ? (
      <p className="poll poll__error" role="alert">
        {poll.error}
      </p>
    ) : null;
  }

  const send = async (action: () => Promise<PollJson>, done: string) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      poll.setData(await action());
      setDirty(false);
      setStatus(done);
    } catch (e) {
      setError(format(t.couldNotVote, { message: errorText(e) }));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(() => api.put<PollJson>(`/api/polls/${pollId}/vote`, { json: { options: chosen } }), t.voted);
  };
  const toggle = (index: number, on: boolean) => {
    setDirty(true);
    setChosen((current) =>
      data.multiple ? (on ? [...current, index] : current.filter((i) => i !== index)) : [index],
    );
  };
  const voted = data.my_votes.length > 0;
  return (
    // The question is the post's title, shown by the card or dialog around it: here it names the region.
    <section
      className="poll"
      aria-label={format(t.regionLabel, { question: data.question })}
      data-testid="poll"
    >
      <p className="poll__meta">
        <span className="poll__label">{t.label}</span>
        {data.closed ? (
          <span className="poll__closed">{t.closedLabel}</span>
        ) : data.closes_at ? (
          <span>{format(t.closesOn, { when: formatDateTime(data.closes_at) })}</span>
        ) : null}
        {data.anonymous ? <span>{t.anonymousNote}</span> : null}
      </p>
      {data.can_vote ? (
        <form className="poll__form" onSubmit={submit}>
          <fieldset className="poll__choices">
            <legend className="poll__legend">{data.multiple ? t.chooseMany : t.chooseOne}</legend>
            {data.options.map((option) => (
              <label key={option.index} className="poll__choice">
                <input
                  type={data.multiple ? "checkbox" : "radio"}
                  name={`${id}-choice`}
                  value={option.index}
                  checked={chosen.includes(option.index)}
                  onChange={(event) => toggle(option.index, event.currentTarget.checked)}
                />
                {option.text}
              </label>
            ))}
          </fieldset>
          <div className="poll__actions">
            <button type="submit" className="button button--small" disabled={busy || chosen.length === 0}>
              {voted ? t.changeVote : t.vote}
            </button>
            {voted ? (
              <button
                type="button"
                className="button button--secondary button--small"
                disabled={busy}
                onClick={() => void send(() => api.del<PollJson>(`/api/polls/${pollId}/vote`), t.withdrawn)}
              >
                {t.withdraw}
              </button>
            ) : null}
          </div>
        </form>
      ) : null}
      <ul className="poll__results" aria-label={t.label} data-testid="poll-results">
        {data.options.map((option) => {
          const percent = percentOf(option.votes, data.total_voters);
          const own = data.my_votes.includes(option.index);
          return (
            <li key={option.index} className={`poll__result${own ? " poll__result--mine" : ""}`}>
              <span className="poll__result-text">
                {format(t.result, { option: option.text, votes: option.votes, percent })}
                {own ? ` ${t.yourChoice}` : ""}
              </span>
              <span className="poll__bar" aria-hidden="true">
                <span className="poll__bar-fill" style={{ width: `${percent}%` }} />
              </span>
            </li>
          );
        })}
      </ul>
      <p className="poll__total">{format(t.totalVoters, { count: data.total_voters })}</p>
      {data.can_see_voters && data.total_voters > 0 ? (
        <>
          <button
            type="button"
            className="button button--ghost button--small"
            aria-expanded={showVoters}
            onClick={async () => {
              const next = !showVoters;
              setShowVoters(next);
              if (!next) return;
              try {
                setVoters(await api.get<PollVotersJson>(`/api/polls/${pollId}/voters`));
              } catch (e) {
                setError(errorText(e, t.couldNotLoad));
              }
            }}
          >
            {showVoters ? t.hideVoters : t.showVoters}
          </button>
          {showVoters && voters ? (
            <ul className="poll__voters" data-testid="poll-voters">
              {voters.map((option) => (
                <li key={option.index}>
                  <strong>{option.text}:</strong>{" "}
                  {option.voters.length ? option.voters.map((v) => v.name).join(", ") : t.noVoters}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      {data.can_close ? (
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={busy}
          onClick={() => void send(() => api.post<PollJson>(`/api/polls/${pollId}/close`), t.closedLabel)}
        >
          {t.closeNow}
        </button>
      ) : null}
      {error ? (
        <p className="poll__error" role="alert">
          {error}
        </p>
      ) : null}
      <LiveRegion message={status} testId="poll-status" />
    </section>
  );
}
