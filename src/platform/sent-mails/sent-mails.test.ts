import { afterAll, beforeAll, expect, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { deleteSentMailsBefore } from "./queries";
import { sendOnce } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});
afterAll(() => t.close());

test("two senders of one key at once (two replicas, a retry beside a slow first try) send once", async () => {
  let sent = 0;
  const send = async () => {
    sent += 1;
    // Held long enough that the other sender certainly arrives meanwhile, on its own connection.
    await Bun.sleep(200);
    return true;
  };
  const results = await Promise.all([
    sendOnce({ db: t.db, key: "test:race", send }),
    sendOnce({ db: t.db, key: "test:race", send }),
  ]);
  expect(results.sort()).toEqual([false, true]);
  expect(sent).toBe(1);
  expect(await sendOnce({ db: t.db, key: "test:race", send })).toBe(false);
});

test("a send that fails, or decides not to send, records nothing: the next try sends", async () => {
  await expect(
    sendOnce({
      db: t.db,
      key: "test:fails",
      send: async () => {
        throw new Error("SMTP said 451");
      },
    }),
  ).rejects.toThrow("451");
  expect(await sendOnce({ db: t.db, key: "test:fails", send: async () => false })).toBe(false);
  expect(await sendOnce({ db: t.db, key: "test:fails", send: async () => true })).toBe(true);
});

test("the ledger keeps a week of keys", async () => {
  await t.sql`insert into mail_sends (key, sent_at) values ('test:old', now() - interval '8 days'),
    ('test:recent', now() - interval '1 day')`;
  expect(await deleteSentMailsBefore(t.db, new Date(Date.now() - 7 * 24 * 3600 * 1000))).toBe(1);
  const left = await t.sql<
    { key: string }[]
  >`select key from mail_sends where key like 'test:%' order by key`;
  expect(left.map((row) => row.key)).toEqual(["test:fails", "test:race", "test:recent"]);
});
