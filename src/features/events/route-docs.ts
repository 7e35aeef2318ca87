/** What /docs says about the event calls (routes.ts): the prose, kept out of the route table. */

export const eventsDocs = {
  rsvp: {
    summary: "Answer an event: going or not_going",
    description:
      'Body `{ "status": "going" | "not_going" }`. Going takes a place while the event has one (capacity null: no limit), otherwise the caller joins the waitlist (status waitlisted, with waitlist_position). not_going frees the caller\'s place, and the first on the waitlist is promoted at once (a notice and an e-mail in their language). Answers are served in arrival order and counts are exact under concurrency. Answering again the same is a no-op. 401 signed out; 403 muted or banned; 404 not an event; 409 the event has already taken place; 422 a bad body.',
  },
  attendees: {
    summary: "Who is going, and the waitlist (the club's owner and admins)",
    description:
      "Both lists in arrival order, with the counts and capacity. No e-mail addresses. 403 for anyone but the club's owner or an admin; 404 when the post is not an event.",
  },
  eventIcs: {
    summary: "Add to calendar: one event as an iCalendar file (guests too)",
    description:
      "RFC 5545, times in America/Managua with its VTIMEZONE; the event is shown two hours long. 404 when the post is not an event.",
  },
  clubCalendar: {
    summary: "A club's public calendar feed (RFC 5545)",
    description:
      "Every event of the club from 90 days ago on (at most 500), times in America/Managua with its VTIMEZONE. Subscribe to it in any calendar app. Unknown club: 404.",
  },
  personalCalendar: {
    summary: "A user's private calendar feed: /calendar/{token}.ics",
    description:
      "Every event the token's owner is going to, from 90 days ago on. The token is the secret (get it from GET /api/users/me/calendar-feed); a replaced token answers 404, and so does the old token after a password change or reset.",
  },
  getCalendarFeed: {
    summary: "The caller's private calendar feed address",
    description:
      "Made on first use and kept until regenerated or until a password change or reset (a log-out keeps it: calendar apps poll it). Keep it private: it needs no sign-in.",
  },
  regenerateCalendarFeed: {
    summary: "A new private calendar feed address (the old one stops working)",
    description:
      "The previous address answers 404 from now on. Limited per account (RATE_CALENDAR_FEEDS_PER_ACCOUNT, default 5 an hour) and per client address (RATE_CALENDAR_FEEDS_PER_ADDRESS, default 100 an hour): past either 429 with Retry-After.",
  },
  upcoming: {
    summary: "Upcoming events of every club (the /events page; guests too)",
    description:
      "Events from now on, soonest first (cancelled, held and past events are never listed). Filters: `region` (a club region), `tag` (a club tag, case and accents ignored), `club` (one club's id), `when=today|weekend|month` (Managua days: until midnight; Saturday and Sunday, this weekend or the next; until the first of next month). Keyset-paged: `limit` 1-50 (default 10) and `cursor`, the `next_cursor` of the previous page (null on the last page). A signed-in caller's first page adds `for_you`: up to 3 of the same events matching their saved interests (tags or region, PUT /api/users/me/interests), so the main list and its pages stay the same for everyone; `my_rsvp` is the caller's answer. An empty first page under a date preset (`when`) carries `next_date`: the start of the next event matching every other filter (region, tag, club), so a screen can say when the next one is; otherwise `next_date` is null. `scope=mine` (sign-in needed, else 401) keeps only clubs the caller belongs to or owns (the /home strip).",
  },
} as const;
