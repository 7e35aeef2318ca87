import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { format, messages } from "../../../common/messages";
import { setupTestApp, type TestApp } from "../../../test/harness";
import { profileForm, signupForm, uniqueEmail } from "./profile.fixtures";

/**
 * Issue 31: look-alike staff names. Usernames are refused at both sign-ups; names (first,
 * middle, last) are refused when they claim a staff role or carry a check mark, at sign-up with
 * a profile and when the profile is saved again (a rename), in English and Spanish; admins are
 * exempt; invisible and direction-changing characters are stripped before saving. There is no
 * route that changes a username after sign-up. The pure rules are tested in
 * common/reserved-names.test.ts.
 */
setDefaultTimeout(60_000);
let t: TestApp;
beforeAll(async () => {
  // Many sign-ups from one (in-process) address: the per-address limit is not under test here.
  t = await setupTestApp({ RATE_SIGNUPS_PER_ADDRESS: "10000/15m" });
});
afterAll(async () => {
  await t.close();
});

const en = messages("en");
const es = messages("es");
const LANGUAGES = [
  ["en", en],
  ["es", es],
] as const;

/** The audit's sign-up names (issue 31). */
const AUDIT_USERNAMES = [
  "admin_",
  "adm1n",
  "admln",
  "administrador",
  "clubnica",
  "soporte-clubnica",
  "moderador",
];
/** The audit's display names, and the look-alikes of the same list. */
const AUDIT_NAMES = [
  "Administrador ClubNica",
  "Administradora",
  "Admin",
  "Moderador",
  "Moderadora",
  "Moderator",
  "ClubNica",
  "Soporte",
  "Support",
  "ADMlN",
  ...AUDIT_USERNAMES,
];
const CHECK_MARKS = ["Administrador ClubNica ✔", "Ana ✔", "Ana ✓", "Ana ☑", "Ana ✅", "Ana 🗸", "Ana ✔\uFE0F"];
const FREE_USERNAMES = ["carmen", "ramon", "simona", "edmundo", "modesto", "madmint", "ing_sistemas"];

const field = (lang: "en" | "es", name: "first_name" | "middle_name" | "last_name") =>
  (lang === "en" ? en : es).accounts.fieldLabels[name];

describe("reserved usernames at sign-up", () => {
  for (const [lang, msgs] of LANGUAGES) {
    test.each(AUDIT_USERNAMES)(`POST /signup refuses %s (${lang})`, async (username) => {
      const res = await t.request("POST", "/signup", {
        json: { username, password: "a-long-password", role: "member" },
        headers: { "accept-language": lang },
      });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([{ loc: ["body", "username"], msg: msgs.auth.usernameReserved }]);
    });

    test.each(AUDIT_USERNAMES)(`POST /signup/complete refuses %s (${lang})`, async (username) => {
      const res = await t.request("POST", "/signup/complete", {
        multipart: signupForm({ username }),
        headers: { "accept-language": lang },
      });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([{ loc: ["body", "username"], msg: msgs.auth.usernameReserved }]);
    });
  }

  test("no account is made for a refused name", async () => {
    const rows = await t.sql`select username from users where lower(username) = any(${AUDIT_USERNAMES})`;
    expect([...rows]).toEqual([]);
  });

  test("an owner sign-up is refused the same way", async () => {
    const res = await t.request("POST", "/signup", {
      json: { username: "Soporte_ClubNica", password: "a-long-password", role: "owner" },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([{ loc: ["body", "username"], msg: en.auth.usernameReserved }]);
  });

  test("a name that breaks the format gets only the format's message", async () => {
    const res = await t.request("POST", "/signup", {
      json: { username: "admin x", password: "a-long-password", role: "member" },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([{ loc: ["body", "username"], msg: en.auth.usernameCharacters }]);
  });

  test.each(FREE_USERNAMES)("ordinary %s signs up at both endpoints", async (username) => {
    const plain = await t.request("POST", "/signup", {
      json: { username, password: "a-long-password", role: "member" },
    });
    expect(plain.status).toBe(201);
    const complete = await t.request("POST", "/signup/complete", {
      multipart: signupForm({ username: `${username}.2` }),
    });
    expect(complete.status).toBe(201);
  });
});

describe("staff titles and check marks in names", () => {
  for (const [lang, msgs] of LANGUAGES) {
    test.each(AUDIT_NAMES)(`a rename to %s is refused on the field (${lang})`, async (name) => {
      const u = await t.createUser();
      for (const target of ["first_name", "middle_name", "last_name"] as const) {
        const res = await t.request("PUT", "/api/users/me/profile", {
          token: u.token,
          headers: { "accept-language": lang },
          multipart: profileForm({
            first_name: "Ana",
            last_name: "López",
            email: uniqueEmail(),
            [target]: name,
          }),
        });
        expect(res.status).toBe(422);
        expect(res.body.detail).toEqual([
          { loc: ["body", target], msg: format(msgs.accounts.nameStaffRole, { field: field(lang, target) }) },
        ]);
      }
      const me = await t.request("GET", "/api/users/me", { token: u.token });
      expect(me.body.first_name).toBeNull();
    });

    test.each(AUDIT_NAMES)(`sign-up with the name %s is refused (${lang})`, async (name) => {
      const res = await t.request("POST", "/signup/complete", {
        multipart: signupForm({ first_name: name }),
        headers: { "accept-language": lang },
      });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([
        {
          loc: ["body", "first_name"],
          msg: format(msgs.accounts.nameStaffRole, { field: field(lang, "first_name") }),
        },
      ]);
    });

    test.each(CHECK_MARKS)(`a check mark in %s is refused (${lang})`, async (name) => {
      const u = await t.createUser();
      const res = await t.request("PUT", "/api/users/me/profile", {
        token: u.token,
        headers: { "accept-language": lang },
        multipart: profileForm({ first_name: "Ana", last_name: name, email: uniqueEmail() }),
      });
      expect(res.status).toBe(422);
      expect(res.body.detail).toContainEqual({
        loc: ["body", "last_name"],
        msg: format(msgs.accounts.nameCheckMark, { field: field(lang, "last_name") }),
      });
      const signup = await t.request("POST", "/signup/complete", {
        multipart: signupForm({ last_name: name }),
        headers: { "accept-language": lang },
      });
      expect(signup.status).toBe(422);
      expect(signup.body.detail).toContainEqual({
        loc: ["body", "last_name"],
        msg: format(msgs.accounts.nameCheckMark, { field: field(lang, "last_name") }),
      });
    });

    test(`a staff title split across first and last name is refused (${lang})`, async () => {
      const u = await t.createUser();
      const res = await t.request("PUT", "/api/users/me/profile", {
        token: u.token,
        headers: { "accept-language": lang },
        multipart: profileForm({ first_name: "Club", last_name: "Nica", email: uniqueEmail() }),
      });
      expect(res.status).toBe(422);
      expect(res.body.detail).toEqual([{ loc: ["body", "last_name"], msg: msgs.accounts.fullNameStaffRole }]);
    });
  }

  test("ordinary names pass", async () => {
    const u = await t.createUser();
    for (const [first, last] of [
      ["Carmen", "Ramón"],
      ["Simona", "Edmundo"],
      ["Modesto", "Largaespada"],
      ["Club", "Ajedrez"],
      ["Nica", "Membreño"],
    ] as const) {
      const res = await t.request("PUT", "/api/users/me/profile", {
        token: u.token,
        multipart: profileForm({ first_name: first, last_name: last, email: uniqueEmail() }),
      });
      expect(res.status).toBe(200);
      expect([res.body.first_name, res.body.last_name]).toEqual([first, last]);
    }
  });
});
