import type { NoticeCounts } from "../../common/api/notices";
import { format, m } from "../../common/messages";

export type BadgeParts = { messages: number; requests: number; updates: number };

/**
 * The spec's badge number (GET /api/notifications) split into what it counts, with the bell's
 * poll: join requests waiting for the person's answer, notices about their own requests, events
 * and reports not yet seen on Connections, and the rest, unread chat messages. The two polls can
 * be a moment apart: no part goes below zero and the parts always add up to the badge.
 */
export function splitBadge(badge: number, counts: NoticeCounts): BadgeParts {
  const total = Math.max(0, badge);
  const requests = Math.min(total, Math.max(0, counts.join_requests));
  const updates = Math.min(total - requests, Math.max(0, counts.connection_notices));
  return { messages: total - requests - updates, requests, updates };
}

/** "3 waiting for you: 1 unread message, 2 join requests to answer" (only the parts that are not 0). */
export function badgeLabel(badge: number, counts: NoticeCounts): string {
  const parts = splitBadge(badge, counts);
  const t = m.nav;
  const named = [
    parts.messages > 0 ? format(t.badgeMessages, { count: parts.messages }) : null,
    parts.requests > 0 ? format(t.badgeRequests, { count: parts.requests }) : null,
    parts.updates > 0 ? format(t.badgeUpdates, { count: parts.updates }) : null,
  ].filter((part): part is string => part !== null);
  return format(t.badgeWaiting, { count: Math.max(0, badge), parts: named.join(", ") });
}
