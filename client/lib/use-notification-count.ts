import { useRouter } from "@tanstack/react-router";
import { useEffect, useState } from "react";

export const NOTIFICATION_POLL_MS = 10_000;

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
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [api, token]);
  return count;
}
