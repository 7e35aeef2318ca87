import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import {
  expectRefused,
  type PerAddressApp,
  pngFile,
  startPerAddressApp,
} from "../../platform/rate-limits/per-address.fixtures";
import { createQuickUser } from "../clubs/user.fixtures";

setDefaultTimeout(60_000);

/**
 * A chat photo counts as an upload, as a club cover does (issue 48), over real sockets from
 * distinct loopback addresses: one address's photos use up its upload budget, not another's,
 * and its plain text messages still go.
 */
let app: PerAddressApp;
beforeAll(async () => {
  app = await startPerAddressApp({
    RATE_UPLOADS_PER_ADDRESS: "3/15m",
    RATE_UPLOADS_PER_ACCOUNT: "1000/1h",
    RATE_MESSAGES_PER_ADDRESS: "1000/1h",
    RATE_MESSAGES_PER_ACCOUNT: "1000/1h",
  });
});
afterAll(() => app.close());

test("photos in messages are limited per address as uploads; text is not", async () => {
  const people = [await createQuickUser(app.t), await createQuickUser(app.t)];
  const owner = await createQuickUser(app.t, { role: "owner" });
  const clubId = await app.clubOf(owner);
  for (const person of people) await app.join(clubId, person);
  const picture = await pngFile();
  const sendPhoto = (from: string, i: number) => {
    const form = new FormData();
    form.set("content", `foto ${i}`);
    form.set("image", picture);
    return app.call("POST", `/api/messages/club/${clubId}`, {
      from,
      token: people[i % 2]!.token,
      multipart: form,
    });
  };
  const busy = "127.0.21.2";
  for (let i = 0; i < 3; i++) expect((await sendPhoto(busy, i)).status).toBe(201);
  expectRefused(await sendPhoto(busy, 3));
  expect((await sendPhoto("127.0.21.3", 4)).status).toBe(201);
  const text = await app.call("POST", `/api/messages/club/${clubId}`, {
    from: busy,
    token: people[0]!.token,
    json: { content: "sin foto" },
  });
  expect(text.status).toBe(201);
});
