import { expect, test } from "bun:test";
import { FollowedChats } from "./followed-chats";
import type { Following } from "./registry";

function following(name: string): Following {
  const [type, id] = name.split(":") as ["club" | "user", string];
  return {
    name,
    target: { type, id: Number(id) },
    changeKey: `c${id}`,
    cursor: 0,
    changeCursor: 0,
    settled: false,
  };
}

/** A socket's followed chats answer as the Map they replace did, through one, two and back to none. */
test("one chat in a field, a second in a Map, and back: the same answers as a Map", () => {
  const chats = new FollowedChats();
  const map = new Map<string, Following>();
  const same = () => {
    expect([...chats.keys()]).toEqual([...map.keys()]);
    expect([...chats.values()]).toEqual([...map.values()]);
    for (const name of ["club:1", "club:2", "user:3"]) {
      expect(chats.get(name)).toBe(map.get(name));
      expect(chats.has(name)).toBe(map.has(name));
    }
  };
  const steps: [op: "set" | "delete", name: string][] = [
    ["set", "club:1"],
    ["set", "club:1"],
    ["delete", "club:2"],
    ["set", "user:3"],
    ["set", "club:2"],
    ["delete", "club:1"],
    ["delete", "user:3"],
    ["set", "club:1"],
    ["delete", "club:2"],
    ["delete", "club:1"],
    ["delete", "club:1"],
  ];
  same();
  for (const [op, name] of steps) {
    if (op === "set") {
      const chat = following(name);
      chats.set(name, chat);
      map.set(name, chat);
    } else {
      expect(chats.delete(name)).toBe(map.delete(name));
    }
    same();
  }
});
