/**
 * Runs `refresh` for a burst of signals without running it once per signal: at most one run at
 * a time, and signals heard during a run make exactly one more run when it ends, so the last
 * run always starts after the last signal.
 *
 * Why: a `read` frame asks an open chat to read GET …/reads again. A club chat's writer hears
 * a frame per member who reached their message, and a live delivery to a club of 2,000 moves
 * 2,000 read marks at once. Invalidating the query on every frame cancelled the request in
 * flight and started another: up to one request per member, each of them already on its way to
 * the server (coalesced-refresh.test.ts shows both).
 */
export function createCoalescedRefresh(refresh: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;

  async function run() {
    running = true;
    try {
      do {
        again = false;
        // A failed refresh is the query's to show; the next signal asks again.
        await refresh().catch(() => {});
      } while (again);
    } finally {
      running = false;
    }
  }

  return () => {
    if (running) again = true;
    else void run();
  };
}
