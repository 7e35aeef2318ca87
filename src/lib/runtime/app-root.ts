import { findAppRoot } from "./find-app-root";

/** The checkout's root (where package.json is), from src/ and from dist/server/ alike. */
export const APP_ROOT = findAppRoot(import.meta.dir);
