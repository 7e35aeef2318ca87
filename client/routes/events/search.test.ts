import { expect, test } from "bun:test";
import { eventsSearchSchema } from "./route";

test("/events filters combine; a bad value drops only its own filter", () => {
  expect(eventsSearchSchema.parse({ region: "León", when: "weekend", tag: " Arte " })).toEqual({
    region: "León",
    when: "weekend",
    tag: "Arte",
  });
  expect(eventsSearchSchema.parse({ region: "León", when: "someday", club: "x", cursor: "nope" })).toEqual({
    region: "León",
  });
  expect(eventsSearchSchema.parse({ club: "12", region: "all" })).toEqual({ club: 12, region: "all" });
});
