import { z } from "zod";
import { m } from "../messages";

/** Longest range the dashboard answers: a year (and a day, for leap years). */
export const MAX_RANGE_DAYS = 366;
/** Days shown when no range is given: the last 30, today included. */
export const DEFAULT_RANGE_DAYS = 30;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (Managua), written YYYY-MM-DD, that really exists (no 2026-02-30). */
const day = z
  .string()
  .regex(DAY, { error: () => m.dashboard.dayFormat })
  .refine(isRealDay, { error: () => m.dashboard.dayFormat });

function isRealDay(value: string) {
  // A malformed day is already reported by the pattern above: one message is enough.
  if (!DAY.test(value)) return true;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value;
}

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** `?from=&to=`: both optional (the last 30 days); from on or before to; at most a year. */
export const dashboardQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .superRefine(({ from, to }, ctx) => {
    if (!from || !to) return;
    const span = daysBetween(from, to);
    if (span < 0) ctx.addIssue({ code: "custom", path: ["from"], message: m.dashboard.fromAfterTo });
    else if (span + 1 > MAX_RANGE_DAYS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: m.dashboard.rangeTooLong });
    }
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

export const dashboardPost = z.object({
  id: z.number(),
  club_id: z.number(),
  club_name: z.string(),
  title: z.string().nullable(),
  created_at: z.string(),
  views: z.number(),
  likes: z.number(),
  comments: z.number(),
});

export const dashboardEvent = z.object({
  id: z.number(),
  club_id: z.number(),
  club_name: z.string(),
  title: z.string().nullable(),
  event_date: z.string(),
  going: z.number(),
  waitlisted: z.number(),
  /** People checked in; null while attendance is not recorded for the event. */
  attended: z.number().nullable(),
});

export const dashboardResponse = z.object({
  /** The club these figures are for; null for the site totals (admins). */
  club: z.object({ id: z.number(), name: z.string() }).nullable(),
  range: z.object({ from: z.string(), to: z.string(), days: z.number() }),
  /** Club count (1 for a club's dashboard). */
  clubs: z.number(),
  members: z.object({
    start: z.number(),
    end: z.number(),
    /** Members at the end of each day of the range (Managua time). */
    series: z.array(z.object({ day: z.string(), members: z.number() })),
  }),
  /** Join requests received in the range, and what became of them. */
  requests: z.object({
    received: z.number(),
    accepted: z.number(),
    declined: z.number(),
    withdrawn: z.number(),
    pending: z.number(),
    /** Median seconds from request to accept or decline; null when none was answered. */
    median_answer_seconds: z.number().nullable(),
  }),
  /**
   * Post views in the range: `total` is the sum of every post's views in the range (the posts
   * table's column, all rows, not only the 50 shown); `series` per day.
   */
  views: z.object({ total: z.number(), series: z.array(z.object({ day: z.string(), views: z.number() })) }),
  /**
   * Posts published or viewed in the range, newest first (at most 50), with the views they had in
   * the range and their like and comment counters.
   */
  posts: z.array(dashboardPost),
  /** Events held in the range, in date order (at most 50). */
  events: z.array(dashboardEvent),
  /** The busiest chat days of the range (at most 7), busiest first. */
  chat_days: z.array(z.object({ day: z.string(), messages: z.number() })),
});
export type DashboardJson = z.infer<typeof dashboardResponse>;
