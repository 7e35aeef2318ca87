import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { CheckInCode } from "../../../../common/api/check-ins";
import { formatDateTime } from "../../../../common/datetime";
import { format, m } from "../../../../common/messages";
import { ResourceError } from "../../../components/resource-error";
import { PageSkeleton } from "../../../components/skeleton";
import { useApi } from "../../../lib/use-resource";
import { QrCode } from "./qr-code";

const t = m.checkIns;

/** Seconds until `iso`, never below 0 (ticks once a second while shown). */
function useSecondsUntil(iso: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return iso ? Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 1000)) : 0;
}

/**
 * The current code as a QR code (the member's check-in address with `?code=`) and as six
 * digits, replaced when its 30 s step ends. The code itself never goes to a live region: it
 * changes every 30 s, and a screen reader reads it on demand.
 */
export function CodePanel({ postId }: { postId: number }) {
  const api = useApi();
  const query = useQuery<CheckInCode>({
    queryKey: ["check-in-code", postId],
    queryFn: () => api.get<CheckInCode>(`/api/posts/${postId}/check-in-code`, { fallback: t.failedCode }),
    // Ask again just after the step ends (the server decides the step, not this clock).
    refetchInterval: (q) => {
      const ends = q.state.data?.step_ends_at;
      return ends ? Math.min(30_000, Math.max(1_000, new Date(ends).getTime() - Date.now() + 300)) : false;
    },
    refetchIntervalInBackground: false,
    gcTime: 0,
  });
  const seconds = useSecondsUntil(query.data?.step_ends_at);
  const resource = {
    error: query.error ? (query.error as Error).message || t.failedCode : null,
    reload: async () => void (await query.refetch()),
  };

  if (query.error && !query.data) return <ResourceError resource={resource} />;
  const code = query.data;
  if (!code) return <PageSkeleton lines={3} />;
  const now = Date.now();
  const status = code.is_open
    ? format(t.windowOpen, { time: formatDateTime(code.closes_at) })
    : new Date(code.opens_at).getTime() > now
      ? format(t.windowNotOpen, { time: formatDateTime(code.opens_at) })
      : format(t.windowClosed, { time: formatDateTime(code.closes_at) });
  const link = code.code ? `${window.location.origin}/events/${postId}/check-in?code=${code.code}` : null;
  return (
    <section className="check-in-code" aria-labelledby="check-in-code-title">
      <h2 id="check-in-code-title" className="section-title">
        {t.codeLabel}
      </h2>
      {code.event_title ? <p className="check-in-code__event">{code.event_title}</p> : null}
      <p className="check-in-code__status" data-testid="check-in-window">
        {status}
      </p>
      {link && code.code ? (
        <>
          <QrCode value={link} label={format(t.qrLabel, { event: code.event_title ?? "" })} />
          <p className="check-in-code__digits" data-testid="check-in-code">
            {code.code.slice(0, 3)} {code.code.slice(3)}
          </p>
          <p className="muted">{format(t.changesIn, { seconds })}</p>
          <p className="muted">{t.codeHelp}</p>
        </>
      ) : null}
    </section>
  );
}
