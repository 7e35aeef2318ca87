/**
 * The notification-settings feature's public surface: what other features may use. Another feature imports
 * "../notification-settings" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export {
  findPushPreferencesOf,
  findWhoCanMessage,
  getNotificationSettings,
  updateNotificationSettings,
} from "./service";
