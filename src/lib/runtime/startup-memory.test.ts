import { afterAll, describe, expect, spyOn, test } from "bun:test";
import { releaseStartupMemoryLater, STARTUP_SETTLE_MS } from "./startup-memory";

describe("releaseStartupMemoryLater", () => {
  const shrink = spyOn(Bun, "shrink");
  afterAll(() => shrink.mockRestore());

  test("shrinks once, after start-up has settled, not at once", async () => {
    shrink.mockImplementation(() => {});
    expect(STARTUP_SETTLE_MS).toBeGreaterThanOrEqual(100);
    releaseStartupMemoryLater(30);
    expect(shrink).not.toHaveBeenCalled();
    await Bun.sleep(80);
    expect(shrink).toHaveBeenCalledTimes(1);
  });
});
