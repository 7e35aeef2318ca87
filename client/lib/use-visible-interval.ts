import { useEffect, useRef } from "react";

/**
 * Runs `tick` every `ms` while the page is visible: nothing at all while the tab is hidden (no
 * data spent on a page nobody sees), and once at once when it is shown again, so what the reader
 * comes back to is current. `enabled: false` stops it.
 */
export function useVisibleInterval(tick: () => void, ms: number, enabled = true) {
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (!enabled) return;
    const run = () => {
      if (!document.hidden) latest.current();
    };
    const timer = window.setInterval(run, ms);
    document.addEventListener("visibilitychange", run);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", run);
    };
  }, [ms, enabled]);
}
