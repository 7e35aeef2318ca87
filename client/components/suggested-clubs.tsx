import { Link } from "@tanstack/react-router";
import Sparkles from "lucide-react/icons/sparkles";
import type { SuggestedClub } from "../../common/api/interests";
import { m } from "../../common/messages";
import { SUGGESTED_KEY } from "../lib/interest-keys";
import { useResource } from "../lib/use-resource";
import { ClubCard } from "./club-card";
import { Alert } from "./form";

/** The clubs "Para ti" shows (`limit` of them), loaded once for every screen that shows them. */
export function useSuggestedClubs(limit: number, enabled = true) {
  return useResource(
    [...SUGGESTED_KEY, limit],
    (api) => api.get<SuggestedClub[]>(`/api/clubs/suggested?limit=${limit}`),
    { fallback: m.suggestions.failed, enabled },
  );
}

/** How many clubs "Para ti" shows unless told. */
export const SUGGESTED_LIMIT = 6;

/**
 * "Para ti" (issue 34): open clubs picked by the reader's interests, each card with the rules
 * that chose it, so nothing about the order is hidden. With nothing to suggest it leads to the
 * interests picker instead of an empty block.
 */
export function SuggestedClubs({
  limit = SUGGESTED_LIMIT,
  hideWhenEmpty = false,
  level = 2,
}: {
  limit?: number;
  /** Above another list (/clubs): nothing at all rather than the "pick interests" prompt. */
  hideWhenEmpty?: boolean;
  /** The heading level of "Para ti": 1 when it is the page (/for-you). */
  level?: 1 | 2;
}) {
  const t = m.suggestions;
  const clubs = useSuggestedClubs(limit);
  if (hideWhenEmpty && (clubs.error || !clubs.data?.length)) return null;
  const Title = level === 1 ? "h1" : "h2";
  return (
    <section className="suggested" aria-labelledby="suggested-title" data-testid="suggested-clubs">
      <div className="suggested__header">
        <Title id="suggested-title" className={`suggested__title${level === 1 ? " page__title" : ""}`}>
          <Sparkles aria-hidden="true" size={20} />
          {t.title}
        </Title>
        <Link to="/interests" className="suggested__edit">
          {t.editInterests}
        </Link>
      </div>
      {clubs.error ? (
        <Alert>{clubs.error}</Alert>
      ) : clubs.data === null ? (
        <p className="suggested__intro">{m.shellCommon.loading}</p>
      ) : clubs.data.length === 0 ? (
        <div className="empty-state empty-state--small">
          <p>{t.none}</p>
          <Link to="/interests" className="button button--primary">
            {t.pickInterests}
          </Link>
        </div>
      ) : (
        <>
          <p className="suggested__intro">{level === 1 ? t.pageIntro : t.intro}</p>
          <ul className="card-grid">
            {clubs.data.map((club) => (
              <li key={club.id} className="suggested__item">
                <ClubCard club={club} level={level === 1 ? 2 : 3} />
                <ul className="suggested__reasons" aria-label={t.reasonsLabel}>
                  {club.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
