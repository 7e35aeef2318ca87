import { expect, test } from "bun:test";
import { ALL_REGIONS, parseRegionFilter, regionForApi } from "./region-filter";

test("the region in the URL is a region, 'all' or nothing; anything else is dropped", () => {
  expect(parseRegionFilter("León")).toBe("León");
  expect(parseRegionFilter(ALL_REGIONS)).toBe("all");
  expect(parseRegionFilter(undefined)).toBeUndefined();
  expect(parseRegionFilter("Leon")).toBeUndefined();
  expect(parseRegionFilter(42)).toBeUndefined();
});

test("'all' asks the API for every region", () => {
  expect(regionForApi("all")).toBeUndefined();
  expect(regionForApi("Granada")).toBe("Granada");
  expect(regionForApi(undefined)).toBeUndefined();
});
