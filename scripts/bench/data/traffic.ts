/**
 * Counts what a page costs over the network, as a phone would pay for it: every request the page
 * makes and the bytes received for it (headers and body as transferred, so compression counts),
 * from Chromium's own network events. A bodiless answer (304) may end without a
 * loadingFinished event: its headers, from responseReceived, are what it cost.
 */
import type { CDPSession, Page } from "@playwright/test";

export type Traffic = {
  requests: number;
  bytes: number;
  byType: Map<string, { requests: number; bytes: number }>;
};
type Entry = { type: string; headers: number; total: number | null };

export async function watchTraffic(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  let entries = new Map<string, Entry>();
  cdp.on("Network.requestWillBeSent", (event) => {
    if (event.request.url.startsWith("data:") || entries.has(event.requestId)) return;
    entries.set(event.requestId, { type: event.type ?? "Other", headers: 0, total: null });
  });
  cdp.on("Network.responseReceived", (event) => {
    const entry = entries.get(event.requestId);
    if (entry) entry.headers = event.response.encodedDataLength;
  });
  cdp.on("Network.loadingFinished", (event) => {
    const entry = entries.get(event.requestId);
    if (entry) entry.total = event.encodedDataLength;
  });
  const summarise = (list: Map<string, Entry>): Traffic => {
    const traffic: Traffic = { requests: 0, bytes: 0, byType: new Map() };
    for (const entry of list.values()) {
      const bytes = Math.max(entry.total ?? 0, entry.headers);
      traffic.requests += 1;
      traffic.bytes += bytes;
      const byType = traffic.byType.get(entry.type) ?? { requests: 0, bytes: 0 };
      byType.requests += 1;
      byType.bytes += bytes;
      traffic.byType.set(entry.type, byType);
    }
    return traffic;
  };
  return {
    cdp,
    /** Starts counting from zero; returns what was counted so far. */
    reset(): Traffic {
      const seen = entries;
      entries = new Map();
      return summarise(seen);
    },
    current: () => summarise(entries),
  };
}

export function describeTraffic(label: string, traffic: Traffic): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const parts = [...traffic.byType]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .map(([type, t]) => `${type} ${t.requests}× ${kb(t.bytes)}`)
    .join(", ");
  return `  ${label.padEnd(34)} ${String(traffic.requests).padStart(3)} requests ${kb(traffic.bytes).padStart(10)}   (${parts})`;
}
