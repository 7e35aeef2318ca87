import { useEffect, useRef } from "react";

/**
 * A polite live region whose words sit in a closed shadow root: screen readers hear them (the
 * accessibility tree includes shadow content), but they are not a second copy of the page's
 * own text for find-in-page or for text queries that expect "Connection Sent" once. The host
 * carries the last message in `data-message` for tests.
 */
export function LiveRegion({ message, testId }: { message: string; testId: string }) {
  const host = useRef<HTMLSpanElement>(null);
  const region = useRef<HTMLSpanElement | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el || region.current) return;
    const root = el.attachShadow({ mode: "closed" });
    const inner = document.createElement("span");
    inner.setAttribute("role", "status");
    inner.setAttribute("aria-live", "polite");
    inner.setAttribute("aria-atomic", "true");
    root.append(inner);
    region.current = inner;
  }, []);

  useEffect(() => {
    if (region.current) region.current.textContent = message;
  }, [message]);

  return <span ref={host} className="visually-hidden" data-testid={testId} data-message={message} />;
}
