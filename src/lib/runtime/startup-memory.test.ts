import { afterAll, describe, expect, spyOn, test } from "bun:test";
import { releaseStartupMemoryLater } from "./startup-memory";

describe("releaseStartupMemoryLater", () => {
  const shrink = spyOn(Bun, "shrink");
  afterAll(() => shrink.mockRestore());

  test("shrinks once, after start-up has settled, not at once", async () => {
    shrink.mockImplementation(() => {});
    releaseStartupMemoryLater(30);
    expect(shrink).not.toHaveBeenCalled();
    await Bun.sleep(80);
    expect(shrink).toHaveBeenCalledTimes(1);
  });

  test("by default waits until start-up has settled (at least 100 ms)", () => {
    const timers = spyOn(globalThis, "setTimeout");
    try {
      releaseStartupMemoryLater();
      const delay = timers.mock.calls[0]?.[1];
      expect(delay).toBeGreaterThanOrEqual(100);
      clearTimeout(timers.mock.results[0]?.value as ReturnType<typeof setTimeout>);
    } finally {
      timers.mockRestore();
    }
  });
});
