import { expect } from "bun:test";
import sharp from "sharp";
import type { QuickUser } from "../../../test/fixtures/quick-user";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { callFrom, type SocketCallOptions, type SocketResponse } from "../../../test/socket-client";
import { RATE_LIMIT_DEFAULTS } from "../../rate-limit-defaults";

/**
 * The per-address limit tests (per-address*.test.ts): an app listening on a real socket, and
 * requests from distinct loopback addresses (`node:http` with `localAddress`). Through
 * `app.handle()` every request is the same client, which once hid that every request with a
 * body counted as 127.0.0.1.
 */
export const PROXY = "127.0.0.4";
const SMALL = "3/15m";
const GENEROUS = "1000/1h";

/**
 * For each action ("MESSAGES"): its per-address limit small (three, so a test reaches it) and its
 * per-account limit, where there is one, out of the way (so only the address counts).
 */
export function smallPerAddress(actions: string[]): Record<string, string> {
  const limits: Record<string, string> = {};
  for (const action of actions) {
    limits[`RATE_${action}_PER_ADDRESS`] = SMALL;
    if (`RATE_${action}_PER_ACCOUNT` in RATE_LIMIT_DEFAULTS) limits[`RATE_${action}_PER_ACCOUNT`] = GENEROUS;
  }
  return limits;
}

export type PerAddressApp = {
  t: TestApp;
  call: (method: string, path: string, options: SocketCallOptions) => Promise<SocketResponse>;
  /** The stored counters whose key ends with this address. */
  countersAt: (address: string) => Promise<{ key: string; count: number }[]>;
  /**
   * `attempt(from, i)` `max` times from one address (each passes), once more there (429), then
   * from another address, which passes with `okStatus`: the two addresses are counted apart.
   */
  expectCountedPerAddress: (options: {
    subnet: number;
    max: number;
    okStatus: number;
    attempt: (from: string, i: number) => Promise<SocketResponse>;
  }) => Promise<void>;
  clubOf: (owner: QuickUser) => Promise<number>;
  join: (clubId: number, user: QuickUser) => Promise<void>;
  close: () => Promise<void>;
};

export async function startPerAddressApp(limits: Record<string, string>): Promise<PerAddressApp> {
  const t = await setupTestApp({ TRUSTED_PROXIES: `${PROXY}/32`, ...limits });
  const base = t.listen();
  const call = (method: string, path: string, options: SocketCallOptions) =>
    callFrom(base, method, path, options);
  return {
    t,
    call,
    countersAt: async (address) => {
      const rows = await t.sql<{ key: string; count: number }[]>`
        select key, count from rate_limits where key like ${`%:a:${address}`} order by key`;
      return rows.map(({ key, count }) => ({ key, count }));
    },
    expectCountedPerAddress: async ({ subnet, max, okStatus, attempt }) => {
      const busy = `127.0.${subnet}.2`;
      const other = `127.0.${subnet}.3`;
      for (let i = 0; i < max; i++) expect((await attempt(busy, i)).status).toBe(okStatus);
      expectRefused(await attempt(busy, max));
      expect((await attempt(other, max + 1)).status).toBe(okStatus);
    },
    clubOf: async (owner) => {
      const [row] = await t.sql<{ id: number }[]>`
        insert into clubs (name, description, owner_id)
        values (${`Club ${Math.random().toString(36).slice(2, 8)}`}, 'Un club', ${owner.id}) returning id`;
      return row!.id;
    },
    join: async (clubId, user) => {
      await t.sql`insert into club_members (club_id, user_id) values (${clubId}, ${user.id})`;
    },
    close: async () => {
      await t.close();
    },
  };
}

export function expectRefused(res: SocketResponse) {
  expect(res.status).toBe(429);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  expect(typeof res.body.detail).toBe("string");
}

export async function pngFile(): Promise<File> {
  const data = await sharp({ create: { width: 24, height: 24, channels: 3, background: "#0067C6" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(data)], "picture.png", { type: "image/png" });
}
