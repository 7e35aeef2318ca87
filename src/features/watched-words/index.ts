/**
 * The watched-words feature's public surface: what other features may use. Another feature imports
 * "../watched-words" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 * Also for the composition root (src/app.ts, src/jobs.ts, src/server.ts): its routes plugin and job
 * workers (`*Routes`, `work*`, …), which no other feature uses. And for the benchmarks, the
 * statements they measure as production runs them: seedEntries (scripts/bench/watched-words.ts);
 * other features never use these.
 */
export { watchedWordRoutes } from "./routes";
export { reportScreenedText, screenTexts } from "./screen-text";
export { seedEntries, seedWatchedWordsOnce } from "./seed";
