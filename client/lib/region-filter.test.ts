import { expect, test } from "bun:test";
import { ALL_REGIONS, regionFilterSchema, regionForApi } from "./region-filter";

test("the region in the URL is a region, 'all' or nothing; anything else is dropped", () => {
  expect(regionFilterSchema.parse("León")).toBe("León");
  expect(regionFilterSchema.parse(ALL_REGIONS)).toBe("all");
  expect(regionFilterSchema.parse(undefined)).toBeUndefined();
  expect(regionFilterSchema.parse("Leon")).toBeUndefined();
  expect(regionFilterSchema.parse(42)).toBeUndefined();
});

test("'all' asks the API for every region", () => {
  expect(regionForApi("all")).toBeUndefined();
  expect(regionForApi("Granada")).toBe("Granada");
  expect(regionForApi(undefined)).toBeUndefined();
});
