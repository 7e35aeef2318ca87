import { useEffect, useState } from "react";

/** How far from the page's foot the button stays out: the page keeps room for it there. */
const FOOT_PX = 96;
/** Small jitters (a touch scroll settling) do not count as a direction. */
const STEP_PX = 8;

/**
 * True while the person scrolls down through a page: the floating Admin panel button tucks away
 * so it never sits on the content being read (the moderation queue's action buttons). It comes
 * back on any scroll up and at the page's foot, where the page leaves room for it
 * (admin.css), and it never hides while it has focus (its CSS).
 */
export function useTuckedWhileScrolling(): boolean {
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const atFoot = window.innerHeight + y >= document.documentElement.scrollHeight - FOOT_PX;
      if (atFoot || y <= 0) setTucked(false);
      else if (y - last > STEP_PX) setTucked(true);
      else if (last - y > STEP_PX) setTucked(false);
      if (Math.abs(y - last) > STEP_PX) last = y;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);
  return tucked;
}
