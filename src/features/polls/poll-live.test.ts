import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import type { LiveServerMessage } from "../../../common/api/live";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createQuickUser } from "../clubs/user.fixtures";
import { type LiveClient, signedInLive } from "../live/live.fixtures";
import { clubWithMembers, createPollAs, vote } from "./polls.fixtures";

/**
 * Live poll bars (issue 49): when a poll's votes change, the club's members with a live
 * connection get a `poll` frame with the new counts over a real socket, wherever they are in the
 * app (no chat followed); people outside the club get nothing, and no frame says who voted.
 */
setDefaultTimeout(60_000);
let t: TestApp;
let base: string;
const sockets: LiveClient[] = [];
beforeAll(async () => {
  t = await setupTestApp();
  base = t.listen();
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

type PollFrame = Extract<LiveServerMessage, { type: "poll" }>;
const votesOf = (frame: PollFrame) => frame.poll.options.map((option) => option.votes);

test("members' sockets get the new counts after votes, a change, a withdrawal and the close; outsiders get none", async () => {
  const { owner, clubId, members } = await clubWithMembers(t, 12, "livepoll");
  const outsider = await createQuickUser(t);
  const poll = await createPollAs(t, owner, clubId, { options: ["Rojo", "Azul"], anonymous: true });
  const watcher = await signedInLive(base, members[0]!.token);
  const ownerSocket = await signedInLive(base, owner.token);
  const stranger = await signedInLive(base, outsider.token);
  sockets.push(watcher, ownerSocket, stranger);

  // Eleven members vote at once: the watcher ends up seeing every vote counted.
  const voted = await Promise.all(members.slice(1).map((m, i) => vote(t, m, poll.id, [i % 2])));
  expect(voted.every((res) => res.status === 200)).toBe(true);
  const all = await watcher.next("poll", (f) => f.poll.id === poll.id && f.poll.total_voters === 11);
  expect(votesOf(all)).toEqual([6, 5]);
  expect(all.poll).toEqual({
    id: poll.id,
    club_id: clubId,
    options: [
      { index: 0, text: "Rojo", votes: 6 },
      { index: 1, text: "Azul", votes: 5 },
    ],
    total_voters: 11,
    closed: false,
  });
  await ownerSocket.next("poll", (f) => f.poll.total_voters === 11);

  // A changed vote and a withdrawal move the bars too.
  await vote(t, members[1]!, poll.id, [1]);
  await watcher.next("poll", (f) => f.poll.total_voters === 11 && votesOf(f)[1] === 6);
  await t.request("DELETE", `/api/polls/${poll.id}/vote`, { token: members[2]!.token });
  await watcher.next("poll", (f) => f.poll.total_voters === 10);

  const closed = await t.request("POST", `/api/polls/${poll.id}/close`, { token: owner.token });
  expect(closed.status).toBe(200);
  await watcher.next("poll", (f) => f.poll.closed);

  // An anonymous poll's frame carries counts only: no user id anywhere in it.
  const text = JSON.stringify(watcher.frames.filter((f) => f.type === "poll"));
  for (const m of members.slice(1)) expect(text).not.toContain(`"user_id":${m.id}`);
  expect(stranger.frames.filter((f) => f.type === "poll")).toEqual([]);
});
