/**
 * The watched-words feature's public surface: what other features may use. Another feature imports
 * "../watched-words" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */

// For the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes and jobs.
export { watchedWordRoutes } from "./routes";
export { reportScreenedText, screenTexts } from "./screen-text";
export { seedWatchedWordsOnce } from "./seed";
