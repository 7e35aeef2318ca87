/**
 * The events feature's public surface: what other features may use. Another feature imports
 * "../events" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 * Also for the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes plugin and job
 * workers (`*Routes`, `work*`, …), which no other feature uses. And for the benchmarks, the
 * statements they measure as production runs them: upcomingEventsStatement (scripts/bench/upcoming-
 * events.ts); other features never use these.
 */
export { eventUrl, formatEventTime } from "./emails";
export { publicBaseUrl, workEventMails } from "./mail-jobs";
export {
  afterEventCreated,
  afterEventEdit,
  collectCancelled,
  settleEventEdit,
  tellChange,
} from "./post-events";
export { workReminders } from "./reminders";
export { eventRoutes } from "./routes";
export { tellPromoted } from "./rsvp-service";
export { upcomingEventsStatement } from "./upcoming-queries";
export { withdrawFromEvents } from "./withdraw-person";
