/**
 * The events feature's public surface: what other features may use. Another feature imports
 * "../events" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { eventUrl, formatEventTime } from "./emails";
// For the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes and jobs.
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
export { withdrawFromEvents } from "./withdraw-person";
