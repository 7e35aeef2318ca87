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

test("a month's range runs from its first Managua midnight to the next month's", () => {
  const { from, to } = monthRange({ year: 2026, month: 2 });
  expect(from).toBe("2026-02-01T06:00:00.000Z");
  expect(to).toBe("2026-03-01T06:00:00.000Z");
  expect(monthRange({ year: 2026, month: 12 }).to).toBe("2027-01-01T06:00:00.000Z");
});

test("events group by Managua day, in time order", () => {
  // Managua is UTC-6: 18:00 there is 00:00 UTC the next day.
  const at = (d: number, h: number) => new Date(Date.UTC(2026, 2, d, h + 6)).toISOString();
  const groups = groupByDay([
    { id: 1, event_date: at(5, 18) },
    { id: 2, event_date: at(3, 9) },
    { id: 3, event_date: at(5, 8) },
    { id: 4, event_date: null },
  ]);
  expect(groups.map((g) => g.day)).toEqual(["2026-03-03", "2026-03-05"]);
  expect(groups[1]!.events.map((e) => e.id)).toEqual([3, 1]);
});
