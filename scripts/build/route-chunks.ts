/**
 * Which built chunks each page needs, so the server can `modulepreload` them with the page
 * instead of the browser discovering them one import at a time after the entry has run.
 * Pages are lazy (`lazyRouteComponent(() => import("./x-page"))` in client/routes), so the route
 * files are read for each route's `path` and its page import; Bun's metafile says which output
 * holds that page and what it imports.
 */
import { readdir } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";

type Metafile = {
  outputs: Record<string, { entryPoint?: string; imports?: { path: string; kind: string }[] }>;
};

/** `path` of each createRoute() call in a file, with the page module it imports lazily. */
function routesInFile(source: string): { path: string; page: string }[] {
  const found: { path: string; page: string }[] = [];
  for (const block of source.split("createRoute(").slice(1)) {
    const path = /\bpath:\s*"([^"]+)"/.exec(block)?.[1];
    const page = /lazyRouteComponent\(\s*\(\)\s*=>\s*import\("([^"]+)"\)/.exec(block)?.[1];
    if (path && page) found.push({ path, page });
  }
  return found;
}

async function pageModules(routesDir: string): Promise<Map<string, string>> {
  const byPath = new Map<string, string>();
  const files = await readdir(routesDir, { recursive: true });
  for (const file of files) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const full = join(routesDir, file);
    for (const { path, page } of routesInFile(await Bun.file(full).text())) {
      byPath.set(path, resolve(dirname(full), page));
    }
  }
  return byPath;
}

/** Route path → the chunk URLs its page needs (its own chunk and what that imports, not the entry's). */
export async function routeChunks({
  metafile,
  routesDir,
  url,
  alreadyLoaded,
  fullApp,
}: {
  metafile: Metafile;
  routesDir: string;
  url: (outputPath: string) => string;
  alreadyLoaded: Set<string>;
  /** Pages that need the whole app (client/lib/full-app.ts) also get this module's chunks. */
  fullApp: { module: string; needed: (path: string) => boolean };
}): Promise<Record<string, string[]>> {
  const outputs = metafile.outputs;
  const key = (path: string) => path.replace(/^\.\//, "");
  const byEntry = new Map<string, string>();
  for (const [out, info] of Object.entries(outputs)) {
    // Entry points are named relative to the directory the build runs in.
    if (info.entryPoint) byEntry.set(resolve(info.entryPoint).replace(/\.tsx?$/, ""), key(out));
  }
  const staticClosure = (start: string): string[] => {
    const seen = new Set<string>();
    const visit = (out: string) => {
      if (seen.has(out)) return;
      seen.add(out);
      for (const imported of outputs[`./${out}`]?.imports ?? outputs[out]?.imports ?? []) {
        if (imported.kind === "import-statement") visit(key(imported.path));
      }
    };
    visit(start);
    return [...seen];
  };
  const fullAppChunk = byEntry.get(fullApp.module);
  const result: Record<string, string[]> = {};
  for (const [path, module] of await pageModules(routesDir)) {
    const chunk = byEntry.get(module);
    if (!chunk) continue;
    const extra = fullAppChunk && fullApp.needed(path) ? staticClosure(fullAppChunk) : [];
    result[path] = [...new Set([...staticClosure(chunk), ...extra])]
      .map(url)
      .filter((u) => !alreadyLoaded.has(u));
  }
  return result;
}
