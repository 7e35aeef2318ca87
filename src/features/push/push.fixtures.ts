import type { QuickUser } from "../../../test/fixtures/quick-user";
import type { TestApp } from "../../../test/harness";
import { type BrowserKeys, makeBrowserKeys } from "./browser-keys.fixtures";
import type { PushService } from "./push-service.fixtures";

/** A synthetic browser subscribed for `user` at a fresh path of the test push service. */
export async function subscribeBrowser(t: TestApp, user: QuickUser, service: PushService) {
  const keys: BrowserKeys = makeBrowserKeys();
  const endpoint = `${service.origin}/push/${crypto.randomUUID()}`;
  const res = await t.request("POST", "/api/push/subscriptions", {
    token: user.token,
    json: { endpoint, expirationTime: null, keys: { p256dh: keys.p256dh, auth: keys.auth } },
  });
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${JSON.stringify(res.body)}`);
  return { keys, endpoint, path: new URL(endpoint).pathname };
}

export async function setQuietHours(t: TestApp, user: QuickUser, quiet_hours: unknown) {
  return await t.request("PUT", "/api/users/me/notification-settings", {
    token: user.token,
    json: { quiet_hours },
  });
}

/** Waits (on the database, checked each time pg-boss could have moved) until `check` holds. */
export async function waitUntil(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await Bun.sleep(50);
  }
}
