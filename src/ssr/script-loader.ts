/**
 * The inline script that starts a page's JavaScript once the page is on screen (issue 50).
 * Pages are drawn by the server and work before their scripts run (links, forms), so the
 * stylesheet, the font and the page's largest image get the network and the main thread first:
 * the loader waits for the images the page marked `fetchpriority="high"` (a club's cover, the
 * first cards' covers) to load and for the next frame to be painted, then adds the chunks'
 * `modulepreload` links and the module scripts (catalogue, then entry, in order), all at low
 * priority. Lighthouse's phone (slow 4G) counted every script fetched before the largest paint
 * against that paint: a club page's 40 chunks held its cover for ~1 s.
 * `WAIT_CAP_MS` bounds the wait for a slow image; a hidden page (no frames) loads at once.
 */
const WAIT_CAP_MS = 2500;

/** `<script type="application/json" data-page-chunks>` holding a page's chunk URLs, read by the loader. */
export const PAGE_CHUNKS_ATTR = "data-page-chunks";

/** The loader's source for these module scripts (in order) and these always-needed preloads. */
export function scriptLoaderSource({ scripts, preloads }: { scripts: string[]; preloads: string[] }): string {
  // The router may insert this script again after hydrating: the flag keeps it to one run.
  return [
    "(function(){if(self.__pageScripts)return;self.__pageScripts=1;",
    `var d=document,s=${JSON.stringify(scripts)},p=${JSON.stringify(preloads)},done=0;`,
    "function go(){if(done)return;done=1;",
    `[].forEach.call(d.querySelectorAll("script[${PAGE_CHUNKS_ATTR}]"),function(e){try{p=p.concat(JSON.parse(e.textContent))}catch(x){}});`,
    'p.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;l.fetchPriority="low";d.head.appendChild(l)});',
    's.forEach(function(u){var e=d.createElement("script");e.type="module";e.src=u;e.async=false;e.fetchPriority="low";d.body.appendChild(e)})}',
    "function painted(){requestAnimationFrame(function(){setTimeout(go,0)})}",
    'if(d.visibilityState!=="visible"){go();return}',
    `setTimeout(go,${WAIT_CAP_MS});`,
    "var left=[].filter.call(d.querySelectorAll('img[fetchpriority=\"high\"]'),function(i){return!i.complete});",
    "var n=left.length;if(!n){painted();return}",
    'left.forEach(function(i){function f(){if(--n===0)painted()}i.addEventListener("load",f);i.addEventListener("error",f)})})()',
  ].join("");
}
