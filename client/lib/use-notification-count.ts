import { useRouter } from "@tanstack/react-router";
import { useEffect, useState } from "react";

export const NOTIFICATION_POLL_MS = 10_000;
const REFRESH_EVENT = "clubnica:notifications-changed";

/** Asks the badge to re-read the count now (after reading a chat or opening Connections). */
export function refreshNotificationCount(): void {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(REFRESH_EVENT));
}

/** Reads GET /api/notifications (a plain number) now and every 10 s while signed in; failures are silent. */
export function useNotificationCount(token: string | null): number {
  const { api } = useRouter().options.context;
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!token) {
      setCount(0);
      return;
    }
    let stopped = false;
    const load = async () => {
      try {
        const value = await api.get<unknown>("/api/notifications", { token });
        const n = typeof value === "number" ? value : Number(value);
        if (!stopped && Number.isFinite(n)) setCount(Math.max(0, Math.floor(n)));
      } catch {
        // Spec section 8: notification fetch failures are silent.
      }
    };
    void load();
    const timer = setInterval(load, NOTIFICATION_POLL_MS);
    window.addEventListener(REFRESH_EVENT, load);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener(REFRESH_EVENT, load);
    };
  }, [api, token]);
  return count;
}
