import { useRouter } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { LiveRegion } from "./live-region";

/**
 * One polite live region for the whole app. Screen readers read what `announce` puts in it:
 * the page a navigation arrived at, and the results of actions (Connection Sent, Liked, a saved
 * form) whose buttons change in place and would otherwise pass silently.
 */
type Listener = (message: string) => void;
let listener: Listener | null = null;

export function announce(message: string): void {
  listener?.(message);
}

let afterNavigation: string | null = null;

/** Said together with the next page's heading (a saved form that then opens another page). */
export function announceAfterNavigation(message: string): void {
  afterNavigation = message;
}

export function Announcer() {
  const [message, setMessage] = useState("");
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    listener = (next) => {
      // Empty first, then the text: the same message twice in a row is still read twice.
      setMessage("");
      clearTimeout(timer);
      timer = setTimeout(() => setMessage(next), 50);
    };
    return () => {
      listener = null;
      clearTimeout(timer);
    };
  }, []);
  return <LiveRegion message={message} testId="announcer" />;
}

/** How long a lazily loaded page may take to show its heading before focus gives up on it. */
const HEADING_WAIT_MS = 8_000;

/**
 * After every client-side change of page (not the first load, where the browser starts at the
 * top anyway), focus moves to the page's main heading and its text is announced, so keyboard
 * and screen-reader users land where the new content starts instead of on the body.
 */
export function RouteFocus() {
  const router = useRouter();
  useEffect(() => {
    let frame = 0;
    const unsubscribe = router.subscribe("onResolved", (event) => {
      if (!event.pathChanged || !event.fromLocation) return;
      cancelAnimationFrame(frame);
      const deadline = performance.now() + HEADING_WAIT_MS;
      const tryFocus = () => {
        const heading = document.querySelector<HTMLElement>("#main h1");
        if (!heading || heading.closest("[aria-busy='true']")) {
          if (performance.now() < deadline) frame = requestAnimationFrame(tryFocus);
          return;
        }
        // Something inside the new page already took focus on purpose (an autofocused field).
        const active = document.activeElement;
        if (active && active !== document.body && document.getElementById("main")?.contains(active)) return;
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: false });
        // The page's heading, then what the last action did (queued, or a success notice the
        // new page shows, like Profile saved.).
        const notices = [...document.querySelectorAll("#main .alert--success")].map((el) =>
          el.textContent?.trim(),
        );
        const parts = [heading.textContent?.trim() || document.title, afterNavigation, ...notices];
        afterNavigation = null;
        announce(parts.filter(Boolean).join(". "));
      };
      frame = requestAnimationFrame(tryFocus);
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [router]);
  return null;
}
