/**
 * The polls feature's public surface: what other features may use. Another feature imports
 * "../polls" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { readPollAudience, readPollCounts } from "./live-counts";
