/**
 * The auth feature's public surface: what other features may use. Another feature imports
 * "../auth" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 * Also for the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes plugin and job
 * workers (`*Routes`, `work*`, …), which no other feature uses.
 */
export { createAccount, screenUsername } from "./account-creation";
export { earlyFormPosts } from "./early-form-posts";
export type { ReadPageSession } from "./page-session";
export { pageSessionReader } from "./page-session";
export { findUserByUsername, insertUser } from "./queries";
export { authRoutes } from "./routes";
export { clearFailedLogins, newDeviceCookie, newPageCookie } from "./service";
export { sessionLoader } from "./session";
