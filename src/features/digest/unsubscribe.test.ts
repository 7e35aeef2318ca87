import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { maskEmail } from "../../../common/mask-email";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { createClub, createPost, createReader, daysFrom, NOW, type Person } from "./digest.fixtures";
import { sendDigest } from "./send-digest";
import { isoWeekOf } from "./week";

setDefaultTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp(
    { PUBLIC_URL: "https://clubnica.test", DIGEST_CRON: "off" },
    { jobs: true, mail: true },
  );
}, 60_000);
afterAll(() => t.close());

const SETTINGS = "/api/users/me/notification-settings";

/** Sends the person a digest and returns the path and query of its List-Unsubscribe link. */
async function digestLinkOf(person: Person): Promise<string> {
  const owner = await createReader(t, { role: "owner" });
  const club = await createClub(t, { owner, name: "Club de Ajedrez", members: [person] });
  await createPost(t, { clubId: club, author: owner, title: "Torneo", createdAt: daysFrom(NOW, -1) });
  expect(await sendDigest(t.deps, { userId: person.id, week: isoWeekOf(NOW), now: NOW.toISOString() })).toBe(
    true,
  );
  const mail = await t.mail.waitFor((m) => m.to.includes(person.email));
  const header = mail.headers["list-unsubscribe"] ?? "";
  const url = new URL(header.slice(1, -1));
  expect(url.origin).toBe("https://clubnica.test");
  return `${url.pathname}${url.search}`;
}

const digestOf = async (person: Person) =>
  (await t.request("GET", SETTINGS, { token: person.token })).body.digest as boolean;

describe("the digest's unsubscribe link, signed out", () => {
  test("GET shows the confirmation page in the person's language and changes nothing", async () => {
    const person = await createReader(t, { locale: "es" });
    const link = await digestLinkOf(person);
    for (let i = 0; i < 2; i++) {
      // Opened twice, as a mail scanner and then the person would.
      const page = await t.request("GET", link);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(page.headers.get("referrer-policy")).toBe("no-referrer");
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(page.headers.get("content-security-policy")).toContain("form-action 'self'");
      expect(page.body).toContain('<html lang="es">');
      // The address partly masked: whoever opens a forwarded digest's link must not learn it.
      expect(page.body).toContain(`¿Dejar de enviar el resumen semanal a ${maskEmail(person.email)}?`);
      expect(page.body).not.toContain(person.email);
      expect(page.body).toContain(`<form method="post" action="${link}">`);
      expect(page.body).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
      expect(page.body).toContain("Dejar de recibir el resumen</button>");
    }
    expect(await digestOf(person)).toBe(true);
    // A visitor's own language choice (the lang cookie) wins, as on every page.
    const english = await t.request("GET", link, { headers: { cookie: "lang=en" } });
    expect(english.body).toContain(`Stop the weekly digest e-mails to ${maskEmail(person.email)}?`);
  });

  test("the one-click POST (RFC 8058) turns the same setting off, without a session; repeating it is harmless", async () => {
    const person = await createReader(t, { locale: "en" });
    const link = await digestLinkOf(person);
    const posted = await t.request("POST", link, { form: { "List-Unsubscribe": "One-Click" } });
    expect(posted.status).toBe(200);
    expect(posted.body).toContain("You will not get the weekly digest any more");
    expect(await digestOf(person)).toBe(false);
    expect((await t.request("POST", link)).status).toBe(200);
    const page = await t.request("GET", link);
    expect(page.body).toContain("The weekly digest is already off for this account.");
    expect(page.body).not.toContain("<form");
    // No digest while it is off; the settings call turns it back on.
    expect(
      await sendDigest(t.deps, {
        userId: person.id,
        week: isoWeekOf(daysFrom(NOW, 7)),
        now: daysFrom(NOW, 7).toISOString(),
      }),
    ).toBe(false);
    await t.request("PUT", SETTINGS, { token: person.token, json: { digest: true } });
    expect((await t.request("GET", link)).body).toContain("Stop the weekly digest e-mails to");
  });

  test("a wrong or malformed token is a 4xx with a detail and changes nothing", async () => {
    const person = await createReader(t, { locale: "en" });
    const link = await digestLinkOf(person);
    const token = new URL(`https://x${link}`).searchParams.get("token")!;
    const other = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const method of ["GET", "POST"]) {
      const unknown = await t.request(method, `/api/digest/unsubscribe?token=${other}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.detail).toBe(
        "This unsubscribe link is not valid any more. Sign in to change your e-mail settings.",
      );
      const malformed = await t.request(method, "/api/digest/unsubscribe?token=abc");
      expect(malformed.status).toBe(422);
      expect(malformed.body.detail).toEqual([
        {
          loc: ["query", "token"],
          msg: "This unsubscribe link is not valid. Copy the whole link from the e-mail.",
        },
      ]);
      expect((await t.request(method, "/api/digest/unsubscribe")).status).toBe(422);
    }
    expect(await digestOf(person)).toBe(true);
  });
});

test("/docs documents the unsubscribe calls with their errors and their HTML answer", async () => {
  type Operation = { summary?: string; responses?: Record<string, { content?: Record<string, unknown> }> };
  const paths = (await t.request("GET", "/docs/json")).body.paths as Record<
    string,
    Record<string, Operation>
  >;
  for (const [method, statuses] of [
    ["get", ["200", "400", "404", "422", "429", "500", "503"]],
    ["post", ["200", "400", "404", "413", "422", "429", "500", "503"]],
  ] as const) {
    const op = paths["/api/digest/unsubscribe"]?.[method];
    expect(op?.summary, method).toBeTruthy();
    expect(Object.keys(op?.responses ?? {}).sort(), method).toEqual([...statuses].sort());
    expect(Object.keys(op?.responses?.["200"]?.content ?? {}), method).toEqual(["text/html"]);
  }
  const settings = paths["/api/users/me/notification-settings"]?.put;
  expect(JSON.stringify(settings)).toContain("digest");
});
