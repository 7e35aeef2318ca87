import { expect, test } from "bun:test";
import { Counter, Histogram, Registry } from "prom-client";
import { recordRequest, renderMetrics } from "./metrics";

test("request count and latency are exposed exactly as prom-client's Counter and Histogram would", async () => {
  const registry = new Registry();
  const labelNames = ["method", "route", "status"] as const;
  const counter = new Counter({
    name: "clubnica_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status.",
    labelNames,
    registers: [registry],
  });
  const histogram = new Histogram({
    name: "clubnica_http_request_duration_seconds",
    help: "Time from receiving a request to answering it, by method, route pattern and status.",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Routes only this test uses; on and between bucket bounds, past the last, and a label to escape.
  const requests: [string, string, number, number][] = [
    ["GET", "/test-metrics/a", 200, 0.003],
    ["GET", "/test-metrics/a", 200, 0.005],
    ["GET", "/test-metrics/a", 200, 0.07],
    ["GET", "/test-metrics/a", 304, 0.001],
    ["POST", "/test-metrics/b/:id", 201, 12],
    ["GET", '/test-metrics/"c"\\', 404, 0.3],
  ];
  for (const [method, route, status, seconds] of requests) {
    recordRequest({ method, route, status, seconds });
    counter.inc({ method, route, status: String(status) });
    histogram.observe({ method, route, status: String(status) }, seconds);
  }
  const ours = (await renderMetrics()).split("\n").filter((line) => line.includes("/test-metrics/"));
  const theirs = (await registry.metrics()).split("\n").filter((line) => line.includes("/test-metrics/"));
  // Four series: a count, 11 buckets and +Inf, a sum and a count each.
  expect(ours.length).toBe(4 * 15);
  expect(ours).toEqual(theirs);
});
