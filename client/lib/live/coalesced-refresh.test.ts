import { afterEach, describe, expect, test } from "bun:test";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { createCoalescedRefresh } from "./coalesced-refresh";

/**
 * A burst of `read` frames against a real QueryClient: a reads query whose request takes 20 ms,
 * and 200 frames about 1 ms apart (a delivery's read marks reaching a club chat's writer).
 */
const FRAMES = 200;
const REQUEST_MS = 20;
const key = ["reads", "club", 1] as const;

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

/** An observed reads query: what each request started saw as "the newest frame so far". */
function readsQuery(client: QueryClient, newestFrame: () => number) {
  const started: number[] = [];
  const observer = new QueryObserver(client, {
    queryKey: [...key, 99],
    queryFn: ({ signal }) => {
      started.push(newestFrame());
      const seen = newestFrame();
      return new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => resolve(seen), REQUEST_MS);
        signal.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(new Error("aborted"));
        });
      });
    },
  });
  stops.push(observer.subscribe(() => {}));
  return { started, data: () => observer.getCurrentResult().data };
}

async function burst(onFrame: () => void, frame: { n: number }) {
  for (let i = 1; i <= FRAMES; i++) {
    frame.n = i;
    onFrame();
    await Bun.sleep(1);
  }
  await Bun.sleep(REQUEST_MS * 4);
}

/** A reads query loaded once (its first request done and forgotten), and the frame counter. */
async function loadedReads() {
  const client = new QueryClient();
  const frame = { n: 0 };
  const reads = readsQuery(client, () => frame.n);
  await Bun.sleep(REQUEST_MS * 2);
  reads.started.length = 0;
  return { client, frame, reads };
}

describe("a burst of read frames", () => {
  test("invalidating on every frame starts a request per frame (why the coalescing exists)", async () => {
    const { client, frame, reads } = await loadedReads();
    await burst(() => void client.invalidateQueries({ queryKey: key }), frame);
    expect(reads.started.length).toBeGreaterThan(FRAMES / 2);
  });

  test("coalesced: one request at a time, and the last one starts after the last frame", async () => {
    const { client, frame, reads } = await loadedReads();
    const refresh = createCoalescedRefresh(() => client.invalidateQueries({ queryKey: key }));
    await burst(refresh, frame);
    // 200 frames over about 200 ms (more on a loaded machine), one 20 ms request at a time.
    expect(reads.started.length).toBeGreaterThan(1);
    expect(reads.started.length).toBeLessThanOrEqual(FRAMES / 5);
    expect(reads.started.at(-1)).toBe(FRAMES);
    expect(reads.data()).toBe(FRAMES);
  });

  test("a failed refresh does not stop the next signal from running it", async () => {
    let runs = 0;
    const refresh = createCoalescedRefresh(async () => {
      runs += 1;
      throw new Error("offline");
    });
    refresh();
    await Bun.sleep(1);
    refresh();
    await Bun.sleep(1);
    expect(runs).toBe(2);
  });

  test("signals during a run make exactly one more run", async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const refresh = createCoalescedRefresh(async () => {
      order.push("start");
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      order.push("end");
    });
    refresh();
    refresh();
    refresh();
    refresh();
    release();
    await Bun.sleep(1);
    release();
    await Bun.sleep(1);
    expect(order).toEqual(["start", "end", "start", "end"]);
  });
});
