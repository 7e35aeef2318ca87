import { expect, test } from "bun:test";
import { type EventsSearch, eventsRoute } from "./route";

/** The route's own search validation, as the router runs it on each URL. */
const validate = (search: Record<string, unknown>): EventsSearch =>
  (eventsRoute.options.validateSearch as (search: Record<string, unknown>) => EventsSearch)(search);

test("/events filters combine; a bad value drops only its own filter", () => {
  expect(validate({ region: "León", when: "weekend", tag: " Arte " })).toEqual({
    region: "León",
    when: "weekend",
    tag: "Arte",
  });
  expect(validate({ region: "León", when: "someday", club: "x", cursor: "nope" })).toEqual({
    region: "León",
  });
  expect(validate({ club: "12", region: "all" })).toEqual({ club: 12, region: "all" });
});
