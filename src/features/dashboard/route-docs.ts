/** What /docs says about the dashboard calls (routes.ts): the prose, kept out of the route table. */

const figures =
  "Range: `from` and `to` are Managua calendar days (YYYY-MM-DD, both included); without them the last 30 days up to today; a missing `to` is 29 days after `from`, a missing `from` 29 days before `to`. 422 with a `detail` when a day is malformed or does not exist, `from` is after `to`, or the range is longer than 366 days. members.series: members at the end of each day. requests: join requests received in the range and what became of them (accepted, declined, withdrawn by the sender, still pending), with the median seconds from request to answer (accepted or declined). views: counted post views per day (for the site totals, days before today are rolled up like chat_days). posts: posts published in the range (newest 50) with their views, likes and comments. events: events in the range (first 50) with going, waitlisted and attended (people checked in; null when the owner never opened check-in for it). chat_days: the 7 busiest chat days (messages not held back for review; days before today are rolled up hourly and keep the count they had then, so a message deleted later still counts on its day).";

export const dashboardDocs = {
  clubDashboard: {
    summary: "A club's dashboard figures (the /recruiting page)",
    description: `For the club's owner or an admin: 401 without a token, 403 for members and for owners of other clubs, 404 no such club. ${figures}`,
  },
  siteDashboard: {
    summary: "The site's dashboard figures, every club together (admins)",
    description: `Admins only: 401 without a token, 403 for members and owners. club is null; clubs is the number of clubs; chat_days counts every conversation. ${figures}`,
  },
} as const;
