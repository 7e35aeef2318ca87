/**
 * The message-requests feature's public surface: what other features may use. Another feature imports
 * "../message-requests" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { decideDirectDelivery } from "./service";
