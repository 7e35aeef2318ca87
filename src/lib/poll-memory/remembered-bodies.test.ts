import { describe, expect, test } from "bun:test";
import { RememberedBodies } from "./remembered-bodies";

const body = (bytes: number, etag = 'W/"x"') => ({
  etag,
  encoding: "zstd",
  body: new Uint8Array(bytes),
  jsonLength: bytes * 10,
});

describe("remembered bodies", () => {
  test("bounded by their total size: the oldest stored goes first", () => {
    const bodies = new RememberedBodies(1000);
    bodies.set("a", body(400));
    bodies.set("b", body(400));
    expect(bodies.bytes).toBe(800);
    bodies.set("c", body(400));
    expect(bodies.get("a")).toBeUndefined();
    expect(bodies.get("b")?.body.byteLength).toBe(400);
    expect(bodies.bytes).toBe(800);
    expect(bodies.evictions).toBe(1);
  });

  test("a replaced body counts once; one larger than the bound is not kept", () => {
    const bodies = new RememberedBodies(1000);
    bodies.set("a", body(300));
    bodies.set("a", body(500, 'W/"y"'));
    expect(bodies.bytes).toBe(500);
    expect(bodies.get("a")?.etag).toBe('W/"y"');
    bodies.set("big", body(1001));
    expect(bodies.get("big")).toBeUndefined();
    expect(bodies.bytes).toBe(500);
    bodies.delete("a");
    expect(bodies.bytes).toBe(0);
    bodies.set("b", body(10));
    bodies.clear();
    expect(bodies.bytes).toBe(0);
  });
});
