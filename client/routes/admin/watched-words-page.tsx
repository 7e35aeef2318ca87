import Plus from "lucide-react/icons/plus";
import { useId, useState } from "react";
import type { WatchedWord } from "../../../common/api/watched-words";
import { format, m } from "../../../common/messages";
import {
  WATCHED_WORD_ACTIONS,
  WATCHED_WORD_MAX,
  type WatchedWordAction,
} from "../../../common/watched-words";
import { describedBy, Field, type Notice, NoticeAlert } from "../../components/form";
import { ResourceError } from "../../components/resource-error";
import { PageSkeleton } from "../../components/skeleton";
import { ApiError, formatDetail } from "../../lib/api";
import { useApi, useResource } from "../../lib/use-resource";
import { WatchedWordRow } from "./-components/watched-word-row";

const t = m.watchedWordsPage;
// The seeded list holds about 500 words: drawing every row (a select and a button each) made the
// screen slow on a phone. The first rows, more on request; the search looks through all.
const ROWS_AT_ONCE = 50;

/** The watched-words list: add a word with its action, change an action, delete, search. */
export function WatchedWordsPage() {
  const api = useApi();
  const id = useId();
  const words = useResource(
    ["admin", "watched-words"],
    (a) => a.get<WatchedWord[]>("/api/admin/watched-words"),
    {
      fallback: t.failedLoad,
    },
  );
  const [word, setWord] = useState("");
  const [action, setAction] = useState<WatchedWordAction>("flag");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [search, setSearch] = useState("");
  const [rowsShown, setRowsShown] = useState(ROWS_AT_ONCE);

  const add = async () => {
    if (!word.trim()) {
      setError(m.watchedWords.wordRequired);
      document.getElementById(`${id}-word`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const created = await api.post<WatchedWord>("/api/admin/watched-words", {
        json: { word, action },
        fallback: t.failedSave,
      });
      words.setData((list) => [...(list ?? []), created].sort((a, b) => a.word.localeCompare(b.word)));
      setWord("");
      setNotice({ kind: "success", text: format(t.added, { word: created.word }) });
    } catch (failure) {
      setError(failure instanceof ApiError ? formatDetail(failure.detail) : t.failedSave);
      document.getElementById(`${id}-word`)?.focus();
    } finally {
      setBusy(false);
    }
  };

  const needle = search.trim().toLocaleLowerCase();
  const matching = (words.data ?? []).filter((w) => !needle || w.word.toLocaleLowerCase().includes(needle));
  const shown = matching.slice(0, rowsShown);
  const count = words.data?.length ?? 0;

  return (
    <div className="page admin-page watched-words-page">
      <h1 className="page__title">{t.title}</h1>
      <p className="page__intro">{t.intro}</p>
      <section aria-labelledby={`${id}-add`} className="watched-words__add">
        <h2 id={`${id}-add`} className="section-title">
          {t.addTitle}
        </h2>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <Field id={`${id}-word`} label={t.word} error={error ?? undefined} required>
            <input
              id={`${id}-word`}
              className="input"
              value={word}
              maxLength={WATCHED_WORD_MAX}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(`${id}-word`, { error })}
              onChange={(event) => setWord(event.target.value)}
            />
          </Field>
          <Field id={`${id}-action`} label={t.action} hint={action === "hold" ? t.holdHelp : undefined}>
            <select
              id={`${id}-action`}
              className="input"
              value={action}
              aria-describedby={describedBy(`${id}-action`, { hint: action === "hold" })}
              onChange={(event) => setAction(event.target.value as WatchedWordAction)}
            >
              {WATCHED_WORD_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {t.actions[a]}
                </option>
              ))}
            </select>
          </Field>
          <button type="submit" className="button button--primary" disabled={busy}>
            <Plus aria-hidden="true" size={16} />
            {busy ? t.adding : t.add}
          </button>
        </form>
      </section>
      {notice ? (
        <div className="community-notice">
          <NoticeAlert notice={notice} />
        </div>
      ) : null}
      {words.error ? (
        <ResourceError resource={words} />
      ) : !words.data ? (
        <PageSkeleton lines={4} />
      ) : (
        <section aria-labelledby={`${id}-list`}>
          <h2 id={`${id}-list`} className="section-title">
            {format(t.countOther, { count })}
          </h2>
          {count > 0 ? (
            <search className="field">
              <label className="field__label" htmlFor={`${id}-search`}>
                {t.search}
              </label>
              <input
                id={`${id}-search`}
                className="input"
                type="search"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value);
                  setRowsShown(ROWS_AT_ONCE);
                }}
              />
            </search>
          ) : null}
          {count === 0 ? (
            <p className="empty-state">{t.empty}</p>
          ) : shown.length === 0 ? (
            <p className="empty-state">{t.noMatches}</p>
          ) : (
            <>
              <ul className="watched-words__list">
                {shown.map((entry) => (
                  <WatchedWordRow
                    key={entry.id}
                    entry={entry}
                    onChanged={(next) =>
                      words.setData((list) => (list ?? []).map((w) => (w.id === next.id ? next : w)))
                    }
                    onDeleted={() => {
                      words.setData((list) => (list ?? []).filter((w) => w.id !== entry.id));
                      setNotice({ kind: "success", text: format(t.deleted, { word: entry.word }) });
                    }}
                    onNotice={setNotice}
                  />
                ))}
              </ul>
              {matching.length > shown.length ? (
                <div className="watched-words__more">
                  <p className="muted" aria-live="polite">
                    {format(t.showing, { shown: shown.length, count: matching.length })}
                  </p>
                  <button
                    type="button"
                    className="button button--secondary"
                    onClick={() => setRowsShown((n) => n + ROWS_AT_ONCE)}
                  >
                    {format(t.showMore, { more: Math.min(ROWS_AT_ONCE, matching.length - shown.length) })}
                  </button>
                </div>
              ) : null}
            </>
          )}
        </section>
      )}
    </div>
  );
}
