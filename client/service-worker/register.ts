/**
 * Registers /sw.js once the page has loaded (so it never competes with the page's own requests)
 * and tells it the page's language for its offline page. Runs from the entry bundle, a file of
 * the app's origin, so a strict Content-Security-Policy needs no exception for it.
 */
export function registerServiceWorker(): void {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register("/sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        registration.active?.postMessage({ type: "lang", lang: document.documentElement.lang || "en" });
      })
      .catch(() => {
        // No worker (private mode, an old browser): the app works the same, only not offline.
      });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
