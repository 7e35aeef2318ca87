/**
 * The uploads feature's public surface: what other features may use. Another feature imports
 * "../uploads" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { AVATAR_WIDTHS, deleteUploadIfUnused, saveImage, uploadUrl } from "./service";
