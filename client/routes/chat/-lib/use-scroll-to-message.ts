import { useEffect, useRef } from "react";

/**
 * `?message=<id>` (a mention's notice opens the chat there): once that message is on screen, it
 * is scrolled into view and marked for a moment. Only a message among those loaded is found.
 */
export function useScrollToMessage(loadedCount: number) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || loadedCount === 0) return;
    const wanted = new URLSearchParams(window.location.search).get("message");
    if (!wanted || !/^\d+$/.test(wanted)) return;
    const bubble = document.querySelector<HTMLElement>(`[data-message-id="${wanted}"]`);
    if (!bubble) return;
    done.current = true;
    // After the list's own scroll to the bottom on first load.
    requestAnimationFrame(() => {
      bubble.scrollIntoView({ block: "center" });
      bubble.classList.add("bubble--target");
      setTimeout(() => bubble.classList.remove("bubble--target"), 2500);
    });
  }, [loadedCount]);
}
