import { describe, expect, test } from "bun:test";
import { BoundedMap } from "./bounded-map";

describe("BoundedMap (CLOCK)", () => {
  test("keeps at most its capacity and forgets an entry not read first", () => {
    const map = new BoundedMap<string, number>(3);
    map.set("a", 1);
    map.set("b", 2);
    map.set("c", 3);
    expect(map.get("a")).toBe(1); // read: a second chance
    map.set("d", 4);
    expect(map.size).toBe(3);
    expect(map.peek("b")).toBeUndefined();
    expect([map.peek("a"), map.peek("c"), map.peek("d")]).toEqual([1, 3, 4]);
    expect(map.evictions).toBe(1);
  });

  test("when every entry was read, the oldest goes after one turn", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    map.get("a");
    map.get("b");
    map.set("c", 3);
    expect(map.size).toBe(2);
    expect(map.peek("a")).toBeUndefined();
    expect(map.peek("b")).toBe(2);
    expect(map.peek("c")).toBe(3);
  });

  test("a replaced value keeps its entry and counts as a read; peek leaves no mark", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1);
    map.set("b", 2);
    map.set("a", 10);
    map.peek("b");
    map.set("c", 3);
    expect(map.peek("a")).toBe(10);
    expect(map.peek("b")).toBeUndefined();
  });

  test("delete and clear", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1);
    map.delete("a");
    expect(map.get("a")).toBeUndefined();
    map.set("b", 2);
    map.clear();
    expect(map.size).toBe(0);
  });
});
