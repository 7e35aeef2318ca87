import { expect, test } from "bun:test";
import { type Reaction, reactedWith, toggleReaction } from "./reactions";

test("toggleReaction adds, counts and removes the person's own reaction, in the fixed order", () => {
  const start: Reaction[] = [{ emoji: "😂", count: 2, reacted_by_me: false }];
  const added = toggleReaction(start, "👍");
  expect(added).toEqual([
    { emoji: "👍", count: 1, reacted_by_me: true },
    { emoji: "😂", count: 2, reacted_by_me: false },
  ]);
  const joined = toggleReaction(added, "😂");
  expect(joined[1]).toEqual({ emoji: "😂", count: 3, reacted_by_me: true });
  expect(reactedWith(joined, "😂")).toBe(true);
  // Taking one's only 👍 back leaves no zero-count chip.
  expect(toggleReaction(joined, "👍").map((r) => r.emoji)).toEqual(["😂"]);
  expect(reactedWith(undefined, "👍")).toBe(false);
});
