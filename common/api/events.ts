import { z } from "zod";
import { REGIONS } from "../enums";
import { EVENT_CURSOR, EVENT_WHENS } from "../event-dates";
import { m } from "../messages";

const RSVP_ANSWERS = ["going", "not_going"] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

export const rsvpBody = z.object({
  status: z.enum(RSVP_ANSWERS, { error: () => m.events.invalidRsvp }),
});

export const rsvpResponse = z.object({
  status: z.enum(["going", "waitlisted", "not_going"]),
  going_count: z.number(),
  waitlist_count: z.number(),
  capacity: z.number().nullable(),
  /** 1 for the first on the waitlist; null when not waitlisted. */
  waitlist_position: z.number().nullable(),
});
export type RsvpJson = z.infer<typeof rsvpResponse>;

const attendee = z.object({
  id: z.number(),
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
});

export const attendeesResponse = z.object({
  going: z.array(attendee),
  waitlist: z.array(attendee),
  going_count: z.number(),
  waitlist_count: z.number(),
  capacity: z.number().nullable(),
});
export type AttendeesJson = z.infer<typeof attendeesResponse>;

export const calendarFeedResponse = z.object({ url: z.string() });

const upcomingEvent = z.object({
  id: z.number(),
  club_id: z.number(),
  club_name: z.string(),
  club_region: z.enum(REGIONS).nullable(),
  title: z.string().nullable(),
  event_date: z.string(),
  event_location: z.string().nullable(),
  going_count: z.number(),
  capacity: z.number().nullable(),
  my_rsvp: z.enum(["going", "waitlisted", "not_going"]).nullable(),
});

export const upcomingQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  scope: z.enum(["all", "mine"]).default("all"),
  region: z.enum(REGIONS).optional(),
  tag: z.string().trim().min(1).max(40).optional(),
  when: z.enum(EVENT_WHENS).optional(),
  club: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  cursor: z
    .string()
    .regex(EVENT_CURSOR, { error: () => m.events.cursorInvalid })
    .optional(),
});
export type UpcomingQuery = z.infer<typeof upcomingQuery>;

export const upcomingResponse = z.object({
  events: z.array(upcomingEvent),
  /** On the first page of a signed-in caller: the events in it matching their interests. */
  for_you: z.array(upcomingEvent),
  next_cursor: z.string().nullable(),
  /**
   * When the first page is empty because of the date preset (`when`): the start of the next
   * event that matches every other filter, so the page can say when there is one; else null.
   */
  next_date: z.string().nullable(),
});
export type UpcomingPage = z.infer<typeof upcomingResponse>;

/** The error body every failure has: a message, or for invalid input a list of fields. */
export const errorResponse = z.object({
  detail: z.union([
    z.string(),
    z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string() })),
  ]),
});

export const feedFileParam = z.object({
  file: z.string().max(200),
});

/** The response types the browser reads. */
export type RsvpStatus = RsvpJson["status"];
export type Attendees = AttendeesJson;
export type Attendee = Attendees["going"][number];
export type UpcomingEvent = z.infer<typeof upcomingEvent>;
export type CalendarFeedUrl = z.infer<typeof calendarFeedResponse>;
