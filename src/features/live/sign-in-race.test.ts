import { afterAll, beforeAll, expect, test } from "bun:test";
import postgres from "postgres";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { waitUntil } from "../../../test/wait";
import { changeBusOf } from "../../lib/database/change-bus";
import { createLogger } from "../../lib/logger";
import { createPollMemory } from "../../lib/poll-memory/poll-memory";
import type { SessionUser, TokenClaims } from "../../lib/session-token";
import { negotiateLocale } from "../../platform/locale/negotiate";
import { createTokenReader } from "../../plugins/auth";
import { sessionLoader } from "../auth";
import { createLiveHub } from "./hub";

/**
 * A live sign-in reads the token's account without leaving the auth layer's memo behind
 * (docs/capacity.md, "Memory"), and a socket is in the hub's registry only once that read is
 * done. A log-out committed while the read runs is heard before the hub knows the socket: the
 * hub must still close it (issue 48: a log-out closes that person's sockets within 5 s). On the
 * real database and change bus, with the log-out made to land inside the read. The log-out is
 * written through a connection of its own: the app's pool would also hear its own write as a
 * NOTICE, and the NOTIFY arriving later would re-check the socket by another way.
 */
let t: TestApp;
let elsewhere: postgres.Sql;
beforeAll(async () => {
  t = await setupTestApp();
  elsewhere = postgres(t.databaseUrl, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await elsewhere.end();
  await t.close();
});

test("a log-out heard while the live sign-in reads the account closes the socket", async () => {
  const user = await t.createUser();
  const logger = createLogger("silent");
  const bus = changeBusOf(t.db, logger);
  const memory = createPollMemory();
  memory.reset();
  const load = sessionLoader(t.db, memory);
  const heard = new Set<string>();
  let loggedOut = false;
  const { readToken } = createTokenReader(t.deps.jwtSecret);
  const token = readToken(user.token)!;
  const hub = createLiveHub({
    db: t.db,
    logger,
    memory,
    bus,
    readToken,
    async loadSessionUser(
      claims: TokenClaims,
      hash: string,
      options: { remember: boolean },
    ): Promise<SessionUser> {
      const account = await load(claims, hash, options);
      if (!loggedOut) {
        // The read saw the token still good; the log-out commits now and is heard before it returns.
        loggedOut = true;
        await elsewhere`insert into revoked_tokens (token_hash, user_id, expires_at)
          values (${token.hash}, ${user.id}, to_timestamp(${token.exp}))`;
        await waitUntil("the log-out's key on the change bus", () => heard.has(`a${user.id}`));
      }
      return account;
    },
  });
  // Followed after the hub's, so the hub has heard every key this sees.
  let listening = false;
  const stopHearing = bus.follow({
    changed: (keys) => {
      for (const key of keys) heard.add(key);
    },
    resumed: () => {
      listening = true;
    },
  });
  // A NOTIFY sent before the LISTEN is lost: wait for it (told at once if it already is; a CI
  // run once wrote first and waited 30 s for a change that was never heard), then make sure a
  // change of this test's own is heard.
  await waitUntil("the change bus listening", () => listening);
  const other = await t.createUser();
  await elsewhere`update users set first_name = 'Marta' where id = ${other.id}`;
  await waitUntil("a change heard", () => heard.has(`a${other.id}`));

  const frames: string[] = [];
  let closedWith: number | null = null;
  const raw = {
    send: (data: string) => frames.push(data),
    close: (code?: number) => {
      closedWith = code ?? 0;
    },
  };
  hub.open(raw, negotiateLocale(new Request("http://localhost/"), "es"));
  await hub.message(raw, JSON.stringify({ type: "auth", token: user.token }));
  expect(loggedOut).toBe(true);
  expect(await waitUntil("the socket closed", () => closedWith, { timeoutMs: 5000 })).toBe(4401);
  stopHearing();
  hub.stop();
});
