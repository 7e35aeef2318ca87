import { Link } from "@tanstack/react-router";
import Sparkles from "lucide-react/icons/sparkles";
import { useEffect, useRef } from "react";
import type { Interests } from "../../../../common/api/interests";
import { m } from "../../../../common/messages";
import { INTERESTS_KEY } from "../../../lib/interest-keys";
import { useResource } from "../../../lib/use-resource";

/**
 * On the person's own profile: until they answer "What interests you?" (save or skip), a card
 * that asks it, so it is the next thing after verifying the e-mail; afterwards a link to edit.
 * `focus`: the verify form just closed (taking the focus with it), so the question takes the
 * focus and comes into view instead of the student staying at the bottom of the page.
 */
export function InterestsPrompt({ focus = false }: { focus?: boolean }) {
  const t = m.interestsPage;
  const interests = useResource(INTERESTS_KEY, (api) => api.get<Interests>("/api/users/me/interests"));
  const heading = useRef<HTMLHeadingElement>(null);
  const asking = !!interests.data && !interests.data.updated_at;
  useEffect(() => {
    if (focus && asking) {
      heading.current?.focus();
      heading.current?.scrollIntoView({ block: "center" });
    }
  }, [focus, asking]);
  if (!interests.data) return null;
  if (interests.data.updated_at) {
    return (
      <p className="profile__interests-link">
        <Link to="/interests">{t.editLink}</Link>
      </p>
    );
  }
  return (
    <section className="card-panel interests-prompt" aria-labelledby="interests-prompt-title">
      <h2 id="interests-prompt-title" className="suggested__title" tabIndex={-1} ref={heading}>
        <Sparkles aria-hidden="true" size={20} />
        {t.promptTitle}
      </h2>
      <p>{t.promptText}</p>
      <Link to="/interests" className="button button--primary">
        {t.promptAction}
      </Link>
    </section>
  );
}
