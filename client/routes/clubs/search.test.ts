import { expect, test } from "bun:test";
import { type ClubsSearch, clubsRoute } from "./route";

/** The route's own search validation, as the router runs it on each URL. */
const validate = (search: Record<string, unknown>): ClubsSearch =>
  (clubsRoute.options.validateSearch as (search: Record<string, unknown>) => ClubsSearch)(search);

test("/clubs filters combine; a bad page or region is dropped, the rest kept", () => {
  expect(validate({ q: "ajedrez", region: "Masaya", tag: "Arte", page: 2 })).toEqual({
    q: "ajedrez",
    region: "Masaya",
    tag: "Arte",
    page: 2,
  });
  expect(validate({ q: "  ", region: "Narnia", tag: "Arte", page: "-1" })).toEqual({
    tag: "Arte",
  });
});
