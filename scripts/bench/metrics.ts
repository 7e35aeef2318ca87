/**
 * `bun scripts/bench/metrics.ts`: what /metrics costs. Prints the time recordRequest() adds to
 * each request (counter + histogram, 4 routes) and the time to render a scrape afterwards.
 * Figures, not a test: REQUESTS (200000) calls.
 */
import { recordRequest, renderMetrics } from "../../src/lib/metrics";

const n = Number(process.env.REQUESTS ?? 200_000);
const routes = ["/api/clubs", "/api/clubs/:id", "/api/messages/user/:id", "/api/notifications"];
const statuses = [200, 200, 200, 304, 404];

for (let i = 0; i < 10_000; i++)
  recordRequest({ method: "GET", route: "/warm", status: 200, seconds: 0.001 });
const t0 = performance.now();
for (let i = 0; i < n; i++) {
  recordRequest({
    method: "GET",
    route: routes[i % routes.length] as string,
    status: statuses[i % statuses.length] as number,
    seconds: (i % 100) / 1000,
  });
}
const perCall = ((performance.now() - t0) * 1000) / n;

const scrapes: number[] = [];
let size = 0;
for (let i = 0; i < 50; i++) {
  const s0 = performance.now();
  size = (await renderMetrics()).length;
  scrapes.push(performance.now() - s0);
}
scrapes.sort((a, b) => a - b);
console.log(`recordRequest: ${perCall.toFixed(2)} µs per request (${n} calls)`);
console.log(
  `scrape: median ${scrapes[25]?.toFixed(2)} ms, p99 ${scrapes[49]?.toFixed(2)} ms, ${(size / 1024).toFixed(1)} KiB`,
);
