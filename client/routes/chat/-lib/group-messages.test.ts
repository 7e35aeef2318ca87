import { describe, expect, test } from "bun:test";
import { groupMessages } from "./group-messages";

/** The gap that starts a new group (group-messages.ts). */
const GROUP_GAP_MS = 5 * 60 * 1000;

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 28, 9, 0) + minutes * 60_000).toISOString();
const msg = (sender_id: number, minutes: number) => ({ sender_id, created_at: at(minutes) });

const flags = (rows: ReturnType<typeof groupMessages>) =>
  rows.map((r) => `${r.first ? "F" : "-"}${r.last ? "L" : "-"}`);

describe("groupMessages", () => {
  test("consecutive messages from one sender form one run", () => {
    const rows = groupMessages([msg(1, 0), msg(1, 1), msg(1, 2), msg(2, 3), msg(1, 4)]);
    expect(flags(rows)).toEqual(["F-", "--", "-L", "FL", "FL"]);
  });

  test("a pause longer than the gap starts a new run", () => {
    const minutes = GROUP_GAP_MS / 60_000;
    expect(flags(groupMessages([msg(1, 0), msg(1, minutes), msg(1, 2 * minutes + 1)]))).toEqual([
      "F-",
      "-L",
      "FL",
    ]);
  });

  test("empty and single lists", () => {
    expect(groupMessages([])).toEqual([]);
    expect(flags(groupMessages([msg(5, 0)]))).toEqual(["FL"]);
  });
});
