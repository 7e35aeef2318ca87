import { expect, test } from "bun:test";
import { createLogger } from "../../lib/logger";
import { createReadMarkWriter, type WriteMarks } from "./read-marks";

type Mark = { userId: number; lastReadId: number };
const quiet = createLogger("silent");

/** A write that waits until released, recording what it was given and how many ran at once. */
function heldWrites() {
  const calls: { key: string; marks: Mark[] }[] = [];
  const releases: (() => void)[] = [];
  let running = 0;
  let most = 0;
  const writeFor =
    (key: string, fail = false): WriteMarks =>
    async (marks) => {
      calls.push({ key, marks });
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running--;
      if (fail) throw new Error("database gone");
    };
  const releaseNext = async () => {
    for (let i = 0; i < 50 && releases.length === 0; i++) await Bun.sleep(1);
    releases.shift()?.();
    await Bun.sleep(1);
  };
  return { calls, writeFor, releaseNext, most: () => most };
}

test("marks delivered while a write runs are merged into one write, the highest id per person", async () => {
  const held = heldWrites();
  const writer = createReadMarkWriter({ logger: quiet });
  const first = writer.add("c1", held.writeFor("c1"), new Map([[7, 10]]));
  const second = writer.add(
    "c1",
    held.writeFor("c1"),
    new Map([
      [7, 11],
      [8, 11],
    ]),
  );
  const third = writer.add("c1", held.writeFor("c1"), new Map([[7, 12]]));
  expect(second).toBe(third);
  await held.releaseNext();
  expect(await first).toBe(true);
  await held.releaseNext();
  expect(await third).toBe(true);
  expect(held.calls).toEqual([
    { key: "c1", marks: [{ userId: 7, lastReadId: 10 }] },
    {
      key: "c1",
      marks: [
        { userId: 7, lastReadId: 12 },
        { userId: 8, lastReadId: 11 },
      ],
    },
  ]);
  await writer.idle();
  expect(writer.waiting()).toBe(0);
});

test("one write at a time for the whole process; conversations take turns", async () => {
  const held = heldWrites();
  const writer = createReadMarkWriter({ logger: quiet });
  const done = [
    writer.add("c1", held.writeFor("c1"), new Map([[1, 1]])),
    writer.add("c2", held.writeFor("c2"), new Map([[2, 1]])),
  ];
  await held.releaseNext();
  // c1 again while c2 waits: c2 goes first.
  done.push(writer.add("c1", held.writeFor("c1"), new Map([[1, 2]])));
  await held.releaseNext();
  await held.releaseNext();
  expect(await Promise.all(done)).toEqual([true, true, true]);
  expect(held.calls.map((call) => call.key)).toEqual(["c1", "c2", "c1"]);
  expect(held.most()).toBe(1);
});

test("a failed write resolves false and the writer goes on with the next conversation", async () => {
  const held = heldWrites();
  const warned: unknown[] = [];
  const logger = createLogger("silent");
  logger.warn = ((...args: unknown[]) => warned.push(args)) as typeof logger.warn;
  const writer = createReadMarkWriter({ logger });
  const failed = writer.add("c1", held.writeFor("c1", true), new Map([[1, 1]]));
  const next = writer.add("c2", held.writeFor("c2"), new Map([[2, 1]]));
  await held.releaseNext();
  expect(await failed).toBe(false);
  await held.releaseNext();
  expect(await next).toBe(true);
  expect(warned).toHaveLength(1);
  const idle = writer.idle();
  expect(await Promise.race([idle.then(() => "idle"), Bun.sleep(200).then(() => "stuck")])).toBe("idle");
});
