import { type Locale, messages } from "../../common/messages";
import type { ClientManifest } from "./assets";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

/**
 * The offline page runs no script and loads only the app's own stylesheet, font and icon. It is served
 * (and cached by the worker) with this policy, so the baseline's `default-src 'none'` does not
 * block its stylesheet when the worker shows it.
 */
export const OFFLINE_PAGE_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; font-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/**
 * The page the service worker shows when a page cannot load, one per language (it caches both
 * and picks the app's). Plain HTML with the app's stylesheet and no script: it must work with
 * nothing but what the worker kept, and under a strict Content-Security-Policy.
 */
export function renderOfflinePage({ lang, assets }: { lang: Locale; assets: ClientManifest | null }) {
  const t = messages(lang).appShell.offline;
  const css = (assets?.css ?? [])
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join("");
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="#0067C6"><title>${escapeHtml(t.title)} · ClubNica</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">${css}</head><body><main id="main" class="main"><section class="card-panel"><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.text)}</p><p><a class="button button--primary" href="/">${escapeHtml(t.retry)}</a></p></section></main></body></html>`;
}
