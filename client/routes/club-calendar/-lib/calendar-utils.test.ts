import { expect, test } from "bun:test";
import { addMonths, groupByDay, monthKey, monthRange, parseMonth } from "./calendar-utils";

test("months parse, format and roll over years", () => {
  expect(parseMonth("2026-03")).toEqual({ year: 2026, month: 3 });
  expect(parseMonth("2026-13")).toBeNull();
  expect(parseMonth("march")).toBeNull();
  expect(monthKey({ year: 2026, month: 3 })).toBe("2026-03");
  expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
  expect(addMonths({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
});

test("a month's range runs from its first local midnight to the next month's", () => {
  const { from, to } = monthRange({ year: 2026, month: 2 });
  expect(from).toBe(new Date(2026, 1, 1).toISOString());
  expect(to).toBe(new Date(2026, 2, 1).toISOString());
});

test("events group by local day, in time order", () => {
  const at = (d: number, h: number) => new Date(2026, 2, d, h).toISOString();
  const groups = groupByDay([
    { id: 1, event_date: at(5, 18) },
    { id: 2, event_date: at(3, 9) },
    { id: 3, event_date: at(5, 8) },
    { id: 4, event_date: null },
  ]);
  expect(groups.map((g) => g.day)).toEqual(["2026-03-03", "2026-03-05"]);
  expect(groups[1]!.events.map((e) => e.id)).toEqual([3, 1]);
});
