/**
 * Builds client/service-worker/worker.ts into /sw.js (not hashed: browsers look for it at one
 * address), with the app shell's files and a version derived from them filled in, so a new
 * build installs a new worker and drops the old caches.
 */
import { createHash } from "node:crypto";
import { join } from "node:path";

export async function buildServiceWorker({
  source,
  outDir,
  precache,
  production,
}: {
  source: string;
  outDir: string;
  precache: string[];
  production: boolean;
}) {
  const version = createHash("sha256").update(precache.join("\n")).digest("hex").slice(0, 12);
  const result = await Bun.build({
    entrypoints: [source],
    target: "browser",
    format: "esm",
    minify: production,
    define: {
      __SW_VERSION__: JSON.stringify(version),
      __SW_PRECACHE__: JSON.stringify(precache),
    },
  });
  const output = result.outputs[0];
  if (!result.success || !output) {
    for (const log of result.logs) console.error(log);
    throw new Error("service worker build failed");
  }
  await Bun.write(join(outDir, "sw.js"), await output.text());
  return version;
}
