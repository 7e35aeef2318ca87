import { describe, expect, test } from "bun:test";
import { buildMessages, buildPosts } from "./activity";
import { buildMemberships, buildRequests } from "./club-rows";
import { buildPeople } from "./people";
import type { Pictures } from "./pictures";
import { createRandom } from "./random";

const clubs = Array.from({ length: 40 }, (_, i) => ({ id: 100 + i, owner_id: 1 + (i % 5) }));
const memberIds = Array.from({ length: 100 }, (_, i) => 1000 + i);
const pictures: Pictures = {
  clubs: [],
  posts: new Map(["tecnologia", "arte", "deportes", "ciencia", "social"].map((c) => [c as never, ["img"]])),
};

function build(seed: number) {
  const rand = createRandom(seed);
  const people = buildPeople({ rand, demoHash: "h", adminHash: "a" });
  const { rows, membersOf } = buildMemberships({ rand, clubs, memberIds, studentId: 1000 });
  const requests = buildRequests({ rand, clubs, membersOf, memberIds, studentId: 1000, demoOwnerId: 1 });
  const posts = buildPosts({ rand, clubs, pictures, now: 0 });
  const messages = buildMessages({ rand, clubs, membersOf, studentId: 1000, demoOwnerId: 1, now: 0 });
  return { people, rows, requests, posts, messages, membersOf };
}

describe("seed builders", () => {
  test("the same seed builds the same data; another seed does not", () => {
    expect(build(7)).toEqual(build(7));
    expect(build(7).people).not.toEqual(build(8).people);
  });

  test("usernames are unique and the demo accounts are there", () => {
    const { people } = build(7);
    const names = people.map((p) => p.username);
    expect(new Set(names).size).toBe(names.length);
    expect(names.slice(0, 3)).toEqual(["admin", "propietario", "estudiante"]);
    expect(people.filter((p) => p.role === "owner").length).toBe(16);
  });

  test("no request from a member of that club, no duplicate request, no owner in club chat", () => {
    const { requests, membersOf, messages } = build(7);
    const keys = requests.map((r) => `${r.club_id}:${r.user_id}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of requests) expect(membersOf.get(r.club_id)).not.toContain(r.user_id);
    for (const m of messages.filter((x) => x.club_id !== null)) {
      expect(clubs.find((c) => c.id === m.club_id)!.owner_id).not.toBe(m.sender_id);
    }
    const times = messages.map((m) => m.created_at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  test("every club gets one upcoming event", () => {
    const { posts } = build(7);
    expect(posts.filter((p) => p.is_event).length).toBe(40);
    for (const p of posts.filter((x) => x.is_event)) expect(p.event_date!.getTime()).toBeGreaterThan(0);
  });

  test("events start at sensible hours in Managua (9:00 to 18:00), never in the night", () => {
    const { posts } = build(7);
    for (const p of posts.filter((x) => x.is_event)) {
      // Managua is UTC-6 all year.
      const local = new Date(p.event_date!.getTime() - 6 * 3_600_000);
      const minutes = local.getUTCHours() * 60 + local.getUTCMinutes();
      expect(minutes).toBeGreaterThanOrEqual(9 * 60);
      expect(minutes).toBeLessThanOrEqual(18 * 60);
    }
  });
});
