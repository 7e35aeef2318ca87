/**
 * The service worker (built to /sw.js by scripts/build-client.ts, which fills in the two
 * constants). It keeps the app shell (entry script, shared chunks, stylesheet, icons and the
 * offline page in each language) so the app starts and explains itself without a connection.
 * Hashed assets are cached on first use. It never answers API calls or uploads: those carry
 * people's data and always go to the network (and the browser's own HTTP cache).
 * It also shows Web Push notifications (./push-handlers.ts).
 */
import { listenForPushes } from "./push-handlers";

declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: string[];

type SwExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type SwFetchEvent = SwExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type SwMessageEvent = SwExtendableEvent & { data: unknown };
type WorkerScope = {
  addEventListener(type: "install" | "activate", listener: (event: SwExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: SwFetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: SwMessageEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
  navigator: Navigator;
};

const worker = self as unknown as WorkerScope;
const CACHE = `clubnica-${__SW_VERSION__}`;
const LANG_KEY = "/__clubnica/lang";
const LANGS = ["en", "es"] as const;
const offlineUrl = (lang: string) => `/offline?lang=${lang}`;
const CACHED_PATHS = /^\/(assets|icons)\/|^\/favicon\.(svg|ico)$/;

worker.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll([...__SW_PRECACHE__, ...LANGS.map(offlineUrl)]);
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("clubnica-") && name !== CACHE) await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

// Pages tell the worker their language (`<html lang>`), so the offline page matches the app's.
worker.addEventListener("message", (event) => {
  const data = event.data as { type?: string; lang?: string } | null;
  if (data?.type !== "lang" || !data.lang) return;
  const lang = data.lang.slice(0, 2);
  event.waitUntil(caches.open(CACHE).then((cache) => cache.put(LANG_KEY, new Response(lang))));
});

async function chosenLang(): Promise<string> {
  const saved = await (await caches.open(CACHE)).match(LANG_KEY);
  const lang = saved ? await saved.text() : worker.navigator.language.slice(0, 2);
  return (LANGS as readonly string[]).includes(lang) ? lang : "en";
}

async function offlinePage(): Promise<Response> {
  const cached = await caches.match(offlineUrl(await chosenLang()), { cacheName: CACHE });
  return cached ?? new Response("Offline", { status: 503, headers: { "content-type": "text/plain" } });
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

worker.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => offlinePage()));
    return;
  }
  if (CACHED_PATHS.test(url.pathname)) event.respondWith(cacheFirst(request));
  // Everything else (the API, uploads) is not touched: the network answers as if no worker ran.
});

listenForPushes(self as unknown as Parameters<typeof listenForPushes>[0]);
