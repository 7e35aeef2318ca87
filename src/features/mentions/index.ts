/**
 * The mentions feature's public surface: what other features may use. Another feature imports
 * "../mentions" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { notifyMessageMentions } from "./service";
