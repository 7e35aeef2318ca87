/**
 * The admin feature's public surface: what other features may use. Another feature imports
 * "../admin" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { restrictUser } from "./users-service";
