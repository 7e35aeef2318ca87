/**
 * The badge-count feature's public surface: what other features may use. Another feature imports
 * "../badge-count" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { readNotificationCount } from "./service";
