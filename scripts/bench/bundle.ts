/**
 * The JavaScript a public page costs, from a production build (`bun run build` first):
 *   bun scripts/bench/bundle.ts
 * Prints, for `/`, `/clubs` and `/clubs/$clubId`, the scripts the page loads (entry, its
 * preloads, the page's chunks and its language's catalogue: Spanish, the larger) raw, gzip and
 * brotli (as served), and the entry chunk's bytes by package (from Bun's metafile, rebuilt here
 * with the options of scripts/build-client.ts).
 * Figures, not a test: compare them with the target (at most 100 KB compressed for /clubs).
 */
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import zlib from "node:zlib";
import { needsFullApp } from "../../client/lib/full-app";
import { CLIENT_OUT_DIR, clientBuildOptions } from "../build-client";

type Manifest = {
  entry: string;
  preloads: string[];
  routes: Record<string, string[]>;
  messages: Record<"es" | "en", string>;
  messagesRest: Record<"es" | "en", string>;
};

const root = resolve(import.meta.dir, "../..");
const manifest = (await Bun.file(join(CLIENT_OUT_DIR, "manifest.json")).json()) as Manifest;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function sizes(url: string) {
  const data = new Uint8Array(
    await Bun.file(join(CLIENT_OUT_DIR, url.replace(/^\/assets\//, ""))).arrayBuffer(),
  );
  const br = Bun.file(join(CLIENT_OUT_DIR, `${url.replace(/^\/assets\//, "")}.br`));
  return {
    raw: data.length,
    gzip: Bun.gzipSync(data, { level: 9 }).length,
    br: (await br.exists()) ? br.size : zlib.brotliCompressSync(data).length,
  };
}

console.log("JavaScript per public page, with its catalogue (as served: precompressed brotli)");
for (const route of ["/", "/clubs", "/clubs/$clubId"]) {
  const files = [
    manifest.messages.es,
    manifest.entry,
    ...manifest.preloads,
    ...(manifest.routes[route] ?? []),
    // Pages past the landing ones also load the rest of the catalogue (client/lib/full-app.ts).
    ...(needsFullApp(route) ? [manifest.messagesRest.es] : []),
  ];
  let raw = 0;
  let gzip = 0;
  let br = 0;
  for (const file of files) {
    const s = await sizes(file);
    raw += s.raw;
    gzip += s.gzip;
    br += s.br;
  }
  console.log(
    `  ${route.padEnd(16)} ${String(files.length).padStart(2)} files  raw ${kb(raw).padStart(9)}  gzip ${kb(gzip).padStart(8)}  brotli ${kb(br).padStart(8)}`,
  );
}

// The same build again with a metafile, to attribute the entry chunk's bytes to packages.
const benchOut = join(root, "dist/bench-bundle");
await mkdir(benchOut, { recursive: true });
const result = await Bun.build({
  ...clientBuildOptions({ production: true, outDir: benchOut, fonts: [] }),
  outdir: benchOut,
});
const outputs = result.metafile?.outputs ?? {};
const entry = Object.values(outputs).find((o) => o.entryPoint?.endsWith("client/entry-client.tsx"));
if (!entry) throw new Error("no entry in the metafile");
const byPackage = new Map<string, number>();
for (const [path, input] of Object.entries(entry.inputs)) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ?? path.split("/").slice(0, 2).join("/");
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + input.bytesInOutput);
}
const total = [...byPackage.values()].reduce((a, b) => a + b, 0);
console.log(`\nEntry chunk by package (${kb(entry.bytes)} minified, before compression)`);
for (const [pkg, bytes] of [...byPackage].sort((a, b) => b[1] - a[1])) {
  console.log(
    `  ${pkg.padEnd(32)} ${kb(bytes).padStart(9)}  ${((bytes / total) * 100).toFixed(1).padStart(5)} %`,
  );
}
await Bun.$`rm -rf ${join(root, "dist/bench-bundle")}`.quiet();
