import { REGIONS, type Region } from "../../common/enums";
import { searchChoice } from "./search-params";

/**
 * The region filter of /clubs and /events in the URL: a region, "all" (the person chose every
 * region, so their own is not put back), or absent (not chosen yet: a signed-in person's region
 * fills it in). A value that is neither drops only this field.
 */
export const ALL_REGIONS = "all";
export type RegionFilter = Region | typeof ALL_REGIONS;
const REGION_FILTERS: readonly RegionFilter[] = [...REGIONS, ALL_REGIONS];

export function parseRegionFilter(value: unknown): RegionFilter | undefined {
  return searchChoice(value, REGION_FILTERS);
}

/** What the API is asked: a real region, or nothing for "all". */
export function regionForApi(region: RegionFilter | undefined): Region | undefined {
  return region === ALL_REGIONS ? undefined : region;
}
