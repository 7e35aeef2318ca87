/**
 * The app's NOTIFY lag over a stretch of a bench (`clubnica_change_notify_lag_seconds` on its
 * /metrics: from the writing statement to this process hearing the NOTIFY), read before and
 * after, so the figures are the stretch's own. Quantiles are the histogram's bucket bounds.
 */
const METRIC = "clubnica_change_notify_lag_seconds";

type Buckets = Map<string, number>;

async function readBuckets(url: string, token: string): Promise<Buckets> {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  const buckets: Buckets = new Map();
  for (const line of (await res.text()).split("\n")) {
    const match = new RegExp(`^${METRIC}_bucket\\{le="([^"]+)"\\} (\\d+)`).exec(line);
    if (match) buckets.set(match[1]!, Number(match[2]));
  }
  return buckets;
}

/** Starts counting now; `print()` prints the stretch's count and p50/p90/p99 bounds. */
export async function startNotifyLag(url: string, token: string) {
  const before = await readBuckets(url, token);
  return {
    async line(): Promise<string> {
      const after = await readBuckets(url, token);
      const bounds = [...after.keys()];
      const counts = bounds.map((le) => (after.get(le) ?? 0) - (before.get(le) ?? 0));
      const total = counts.at(-1) ?? 0;
      const bound = (q: number) => {
        const index = counts.findIndex((count) => count >= total * q);
        const le = bounds[index] ?? "+Inf";
        return le === "+Inf" ? "> 1 s" : `≤ ${Number(le) * 1000} ms`;
      };
      return `NOTIFYs heard during the load ${total}: lag p50 ${bound(0.5)}, p90 ${bound(0.9)}, p99 ${bound(0.99)}`;
    },
  };
}
