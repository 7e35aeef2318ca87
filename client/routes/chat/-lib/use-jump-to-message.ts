import { type RefObject, useCallback, useEffect, useState } from "react";
import { m } from "../../../../common/messages";

/** How long a message gone to from a quote stays marked. */
const HIGHLIGHT_MS = 2000;

/**
 * Going to a quoted (or pinned) message: `reveal` loads the page that holds it, then its bubble
 * is scrolled to, focused and marked for a moment. `note` says when the original is gone; the
 * thread also shows its moderators' failures there (`setNote`).
 */
export function useJumpToMessage(
  reveal: (id: number) => Promise<boolean>,
  listRef: RefObject<HTMLDivElement | null>,
) {
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const [note, setNote] = useState("");

  useEffect(() => {
    if (highlightId === null) return;
    const timer = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);

  const jumpTo = useCallback(
    async (id: number) => {
      setNote("");
      if (!(await reveal(id))) {
        setNote(m.chatPage.originalGone);
        return;
      }
      // After the page that holds it has been drawn.
      requestAnimationFrame(() => {
        const bubble = listRef.current?.querySelector<HTMLElement>(`[data-message-id="${id}"] [data-bubble]`);
        if (!bubble) return;
        const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        bubble.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
        bubble.focus({ preventScroll: true });
        setHighlightId(id);
      });
    },
    [reveal, listRef],
  );

  return { highlightId, note, setNote, jumpTo };
}
