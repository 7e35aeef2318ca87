import { describe, expect, test } from "bun:test";
import { nameSkeleton } from "./name-skeleton.fixtures";
import { cleanFreeText, cleanNameText, hasCheckMark } from "./name-text";
import { RESERVED_USERNAMES, STAFF_NAME_WORDS } from "./reserved-name-words";
import { claimsStaffRole, isReservedUsername } from "./reserved-names";

/** The look-alike staff names the audit signed up with (issue 31). */
const AUDIT_USERNAMES = [
  "admin_",
  "adm1n",
  "admln",
  "administrador",
  "clubnica",
  "soporte-clubnica",
  "moderador",
];

/** The audit's display names, as typed (U+202E and U+200B included). */
const AUDIT_DISPLAY_NAMES = ["Administrador ClubNica ✔", "Admin", "Moderador", "ClubNica", "Soporte"];

/**
 * Real students' usernames that must stay free: first names and surnames (some contain the
 * letters of a reserved word: "carmen", "ramon", "simona", "edmundo", "modesto"), with the usual
 * separators and years, and a few everyday words.
 */
const FREE_USERNAMES = [
  "carmen",
  "ramon",
  "simona",
  "edmundo",
  "modesto",
  "madmint",
  "mood",
  "moda_nica",
  "monica",
  "ramona",
  "raymundo",
  "edmond",
  "bernardo",
  "milagros",
  "lola",
  "daniela",
  "adam",
  "adan.rocha",
  "admira",
  "adolfo",
  "rosa.moderna",
  "modelo_2005",
  "helpful",
  "helena",
  "roots_music",
  "rootbeer",
  "rot",
  "staffan",
  "sistemas",
  "ing_sistemas",
  "ayudante",
  "seguro",
  "support3r",
  "nica_99",
  "nicaragua",
  "clubdeajedrez",
  "club.robotica",
  "estudiante",
  "propietario",
  "ana_lopez",
  "maria.jose",
  "josue-martinez",
  "kevin_s",
  "camila2005",
  "luis.ramos",
  "osman",
  "solis",
  "sopa",
  "ernesto.cardenal",
  "yahoska.membreno",
  "fatima.tellez",
  "roger.obando",
  "itzel.largaespada",
  "alvaro.ubeda",
  "jose.solorzano",
  "dominic",
  "hammond",
  "madrid",
  "armando",
  "dimas",
  "admiral",
  "modric10",
  "x_ga2mod",
  "user7_4mod9",
];

describe("reserved usernames", () => {
  test.each(AUDIT_USERNAMES)("the audit's %s is refused", (name) => {
    expect(isReservedUsername(name)).toBe(true);
  });

  test.each(RESERVED_USERNAMES)("%s itself is refused", (name) => {
    expect(isReservedUsername(name)).toBe(true);
  });

  test.each([
    // case, separators and digits at either end
    "ADMIN",
    "Admin.",
    "_admin_",
    "a.d.m.i.n",
    "club_nica",
    "club-nica",
    "admin2024",
    "2024admin",
    "mod2024",
    "ayuda_123",
    "soporte1",
    // leetspeak and look-alikes
    "4dm1n",
    "@dmin",
    "adm!n",
    "adrnin",
    "c1ubn1ca",
    "clubn1ca",
    "s0p0rt3",
    "m0d3r4d0r",
    "r00t",
    "5y5t3m",
    "$oporte",
    // repeated letters
    "aaadmiin",
    "moderadoor",
    "ssoporte",
    // a part between separators
    "el_admin",
    "mod_ana",
    "ana.mod",
    "ana_mod1",
    "clubnica_oficial",
    "equipo-soporte",
    "staff.nica",
    "help-desk",
    // the distinctive words at either end
    "realadmin",
    "adminana",
    "superadmin",
    "sysadmin",
    "elmoderador",
    "moderadora",
    "moderadores",
    "clubnicaoficial",
    "soportetecnico",
    // decided: "administracion_colegio" reads as the school's office (it starts with "admin")
    "administracion_colegio",
  ])("the look-alike %s is refused", (name) => {
    expect(isReservedUsername(name)).toBe(true);
  });

  test.each(FREE_USERNAMES)("the ordinary %s stays free", (name) => {
    expect(isReservedUsername(name)).toBe(false);
  });
});

describe("staff titles in names", () => {
  test.each([
    ...AUDIT_DISPLAY_NAMES,
    "Administradora",
    "administrator",
    "Administración",
    "moderadora",
    "Moderator",
    "Mod",
    "Support",
    "Soporte Técnico",
    "Equipo ClubNica",
    "Club Nica",
    "Club Nica Oficial",
    "A d m i n",
    "ADMlN",
    "Adm1n",
    "AdminAna",
    "ClubNicaOficial",
    "Staff",
    // Cyrillic "А" and full-width letters
    "\u0410dmin",
    "ａｄｍｉｎ",
    // hidden in invisible characters
    "Ad\u200Bmin",
    "\u202EnimdA",
  ])("%s claims a staff role", (name) => {
    // "\u202EnimdA" shows as "Admin" but is stored reversed: the override is removed, and the
    // reversed letters are not a staff word. The invisible character is what the rule removes.
    if (name === "\u202EnimdA") {
      expect(claimsStaffRole(cleanNameText(name))).toBe(false);
      expect(cleanNameText(name)).toBe("nimdA");
      return;
    }
    expect(claimsStaffRole(name)).toBe(true);
  });

  test.each(STAFF_NAME_WORDS)("%s itself claims a staff role", (word) => {
    expect(claimsStaffRole(word)).toBe(true);
  });

  test.each([
    "Carmen",
    "Ramón",
    "Simona",
    "Edmundo",
    "Modesto",
    "Mónica",
    "María José",
    "Ana Lucía",
    "Bernardo",
    "Milagros",
    "Moisés",
    "Staffan",
    "Adam",
    "Adán",
    "Nica",
    "Club",
    "Sistema",
    "Root",
    "Ayuda",
    "Ernesto Cardenal",
    "Yahoska",
    "Largaespada",
    "Membreño",
    "Solórzano",
    "Úbeda",
    "Chavarría",
    "Téllez",
    "Dimas",
    "Armando",
    "Raymundo",
    "O'Brien",
    "Ana-Sofía",
  ])("%s does not", (name) => {
    expect(claimsStaffRole(name)).toBe(false);
  });
});

describe("invisible characters", () => {
  test("names lose bidirectional controls, zero-width and other invisible characters", () => {
    expect(cleanNameText("\u202EAna\u202C")).toBe("Ana");
    expect(cleanNameText("\u2066Ana\u2069 \u200ELó\u200Fpez\u061C")).toBe("Ana López");
    expect(cleanNameText("A\u200Bn\u200Ca\u200D\u2060\uFEFF\u180E")).toBe("Ana");
    expect(cleanNameText("Ana\u00AD\u034F\u3164\u2800\uFE0F")).toBe("Ana");
    expect(cleanNameText("Ana\u{E0041}\u{E0100}")).toBe("Ana");
  });

  test("spaces of every kind become one, and the ends are trimmed", () => {
    expect(cleanNameText("  María\u00A0\u3000 José\n")).toBe("María José");
    expect(cleanNameText("\u200B \u200B")).toBe("");
  });

  test("accents and letters of other scripts are kept", () => {
    expect(cleanNameText("Ñamendí Óscar")).toBe("Ñamendí Óscar");
    expect(cleanNameText("محمد")).toBe("محمد");
  });

  test("free text loses direction controls and zero-width spaces but keeps emoji and lines", () => {
    expect(cleanFreeText("Hola\u202E\u200B mundo\n👩\u200D💻 ❤\uFE0F")).toBe(
      "Hola mundo\n👩\u200D💻 ❤\uFE0F",
    );
  });
});

describe("check marks", () => {
  test.each(["✓", "✔", "✔\uFE0F", "☑", "✅", "🗸", "🗹", "√"])("%s is a check mark", (mark) => {
    expect(hasCheckMark(`Ana ${mark}`)).toBe(true);
  });

  test("letters and ordinary punctuation are not", () => {
    expect(hasCheckMark("Ana López-Pérez (Ani) Jr.")).toBe(false);
    expect(hasCheckMark("✗ ✘ ★")).toBe(false);
  });
});

describe("nameSkeleton", () => {
  test("folds case, accents, look-alikes and repeats", () => {
    expect(nameSkeleton("Adm1n_ClubNica")).toBe("admin_ciubnica");
    expect(nameSkeleton("ADMLN")).toBe("admin");
    expect(nameSkeleton("adrnin")).toBe("admin");
    expect(nameSkeleton("Aaadmíín")).toBe("admin");
    expect(nameSkeleton("@dm!n")).toBe("admin");
    expect(nameSkeleton("$0p0rt3")).toBe("soporte");
  });
});
