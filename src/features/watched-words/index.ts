/**
 * The watched-words feature's public surface: what other features may use. Another feature imports
 * "../watched-words" and nothing else of this folder (scripts/shape/layer-rules.ts refuses the rest).
 */
export { reportScreenedText, screenTexts } from "./screen-text";
