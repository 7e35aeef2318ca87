import { expect, test } from "bun:test";
import { clubsSearchSchema } from "./route";

test("/clubs filters combine; a bad page or region is dropped, the rest kept", () => {
  expect(clubsSearchSchema.parse({ q: "ajedrez", region: "Masaya", tag: "Arte", page: 2 })).toEqual({
    q: "ajedrez",
    region: "Masaya",
    tag: "Arte",
    page: 2,
  });
  expect(clubsSearchSchema.parse({ q: "  ", region: "Narnia", tag: "Arte", page: "-1" })).toEqual({
    tag: "Arte",
  });
});
