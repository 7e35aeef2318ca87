import type { default as Sharp } from "sharp";

let loading: Promise<typeof Sharp> | null = null;

/**
 * sharp (libvips) adds about 90 MB to the process's memory once loaded, and most requests never
 * touch it: images are encoded once, when uploaded or when a width is first asked for, then
 * served from the database. So it is loaded on the first image to encode, not at start-up.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
