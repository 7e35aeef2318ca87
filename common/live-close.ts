/*
 * Its own file, without zod, so the browser's live connection (which the public club page's
 * polls load) does not bundle common/api/live.ts's schemas; that file re-exports it.
 */

/** Close codes of the live connection (4000–4999 are the application's). */
export const LIVE_CLOSE = {
  /** No valid `auth` in time, or the token stopped being valid (log-out, ban, password change). */
  unauthorized: 4401,
  /** A frame that is not the protocol's. */
  badMessage: 4400,
  /** Too many frames from this socket. */
  tooMany: 4429,
  /** The server is shutting down: reconnect (to another replica). */
  goingAway: 1001,
} as const;
