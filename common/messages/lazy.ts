import type { Locale } from "./locales";

export type LocaleSource = () => Locale;

/**
 * A read-only view of a catalogue that looks up the current one on every read, so
 * `const t = m.nav` at module level still gives `t.home` in the language of the request or
 * page being rendered. Objects come back as views of their path; strings and lists as values.
 */
export function createLazyCatalogue<T extends object>(current: () => T): T {
  const views = new Map<string, object>();

  function resolve(path: readonly string[]): unknown {
    let node: unknown = current();
    for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
    return node;
  }

  function view(path: readonly string[]): object {
    const id = path.join(".");
    const cached = views.get(id);
    if (cached) return cached;
    const read = (key: string | symbol) => {
      if (typeof key === "symbol") return undefined;
      // The top level holds only areas (objects): `const t = m.area` never reads the catalogue,
      // so a module may take its view before the browser has loaded that area.
      // (`then` excepted, so the catalogue never looks like a promise.)
      if (path.length === 0 && key !== "then") return view([key]);
      const value = resolve([...path, key]);
      if (value !== null && typeof value === "object" && !Array.isArray(value)) {
        return view([...path, key]);
      }
      return value;
    };
    const proxy = new Proxy(
      {},
      {
        get: (_, key) => read(key),
        has: (_, key) => typeof key === "string" && key in (resolve(path) as object),
        ownKeys: () => Reflect.ownKeys(resolve(path) as object),
        getOwnPropertyDescriptor(_, key) {
          if (typeof key === "symbol") return undefined;
          const target = resolve(path) as Record<string, unknown>;
          if (!(key in target)) return undefined;
          return { value: read(key), enumerable: true, configurable: true };
        },
      },
    );
    views.set(id, proxy);
    return proxy;
  }

  return view([]) as T;
}
