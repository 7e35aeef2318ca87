import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { APP_ROOT } from "./app-root";

/**
 * Production runs the server from the bundle `bun run build` writes (scripts/build-server.ts):
 * a few modules instead of about 1,300 (the libraries' files and ours), which keeps about 16 MB
 * of module records and source text out of every process (figures in the README).
 *
 * A bundle is run only while it matches the code it was built from: the build records a digest of
 * each of our files it bundled, with package.json and bun.lock for the libraries, and start-up
 * checks it (about 420 files, a few milliseconds). After a `git pull` or an edit without a new
 * build the process runs the sources, so production never serves stale code. Contents, not
 * modification times: copies (an image's stages, a deploy) keep contents but not times.
 */
const BUNDLE = "dist/server/start.js";
export const SERVER_BUNDLE = join(APP_ROOT, BUNDLE);
export const BUNDLE_MANIFEST = "dist/server/sources.json";
/** Always part of the digest: they pin the libraries the bundle holds. */
const ALWAYS = ["package.json", "bun.lock"];

export type BundleManifest = { files: string[]; digest: string };

/** The digest of the given files (paths relative to root) and of package.json and bun.lock; null when one is missing. */
export function sourcesDigest(root: string, files: string[]): string | null {
  const hasher = new Bun.CryptoHasher("sha256");
  for (const file of [...ALWAYS, ...files]) {
    let content: Buffer;
    try {
      content = readFileSync(join(root, file));
    } catch {
      return null;
    }
    hasher.update(`${file}\0${content.length}\0`);
    hasher.update(content);
  }
  return hasher.digest("hex");
}

/** The build's manifest, or null when it is missing or unreadable (an interrupted build). */
function readManifest(root: string): BundleManifest | null {
  try {
    return JSON.parse(readFileSync(join(root, BUNDLE_MANIFEST), "utf8"));
  } catch {
    return null;
  }
}

export type ServerEntry = { kind: "bundle" | "sources"; reason: string };

/** Which code a process with this environment should run, and why (the start-up log says it). */
export function chooseServerEntry(
  env: { NODE_ENV?: string; SERVER_CODE?: string },
  root = APP_ROOT,
): ServerEntry {
  if (env.NODE_ENV !== "production") return { kind: "sources", reason: "not production" };
  // An operator's way to get stack traces with source lines, without removing the build.
  if (env.SERVER_CODE === "sources") return { kind: "sources", reason: "SERVER_CODE=sources" };
  const manifest = existsSync(join(root, BUNDLE)) ? readManifest(root) : null;
  if (!manifest) return { kind: "sources", reason: "no server bundle (run `bun run build`)" };
  if (sourcesDigest(root, manifest.files) !== manifest.digest)
    return { kind: "sources", reason: "the sources changed since the server bundle was built" };
  return { kind: "bundle", reason: BUNDLE };
}
