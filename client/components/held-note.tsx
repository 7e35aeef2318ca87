import { m } from "../../common/messages";

/**
 * Under something a watched word holds (a post, comment or chat message): only its author sees
 * it, and this says why nobody else does yet. A span where the parent is phrasing content.
 */
export function HeldNote({ as: Tag = "p" }: { as?: "p" | "span" }) {
  return (
    <Tag className="held-note" data-testid="pending-review">
      <strong>{m.watchedWords.pendingReview}</strong> · {m.watchedWords.pendingReviewHint}
    </Tag>
  );
}
