import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { checkInWorld } from "./check-in.fixtures";

setDefaultTimeout(60_000);

/** Guessing codes: past RATE_CHECK_INS_PER_ACCOUNT an account is refused, even with the right code. */
let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp({ RATE_CHECK_INS_PER_ACCOUNT: "3/1h" });
}, 60_000);
afterAll(() => t.close());

test("three wrong guesses, then 429 with Retry-After (English and Spanish); another member goes on", async () => {
  const w = await checkInWorld(t, new Date());
  const code = (await t.request("GET", `/api/posts/${w.eventId}/check-in-code`, { token: w.owner.token }))
    .body.code as string;
  const wrong = code === "000000" ? "000001" : "000000";
  const path = `/api/posts/${w.eventId}/check-ins`;
  for (let i = 0; i < 3; i++)
    expect((await t.request("POST", path, { token: w.member.token, json: { code: wrong } })).status).toBe(
      422,
    );
  const refused = await t.request("POST", path, { token: w.member.token, json: { code } });
  expect(refused.status).toBe(429);
  expect(refused.body.detail).toBe(
    "You have tried to check in too many times. Wait a few minutes and try again.",
  );
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  // The account's saved language beats Accept-Language (and may have been saved from the
  // English requests above, at its own pace): make the member a Spanish speaker outright.
  await t.sql`update users set locale = 'es' where id = ${w.member.id}`;
  const es = await t.request("POST", path, {
    token: w.member.token,
    json: { code },
    headers: { "accept-language": "es" },
  });
  expect(es.body.detail).toBe(
    "Intentaste registrar tu asistencia demasiadas veces. Esperá unos minutos e intentalo de nuevo.",
  );
  await t.sql`insert into club_members (club_id, user_id) values (${w.clubId}, ${w.outsider.id})`;
  expect((await t.request("POST", path, { token: w.outsider.token, json: { code } })).status).toBe(201);
});
