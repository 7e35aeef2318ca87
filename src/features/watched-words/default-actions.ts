/**
 * The seeded list's own part: insults and sexual terms as written in Nicaragua (with the
 * spellings people type), and which seeded words are held rather than flagged.
 *
 * Hold (the text waits, seen by its author and the moderation queue only) is the default for
 * insults and sexual terms: an insult to a 14-year-old should not stay up until an admin looks.
 * Flag (published, and reported) stays for words that are also ordinary in Nicaragua or in a
 * class ("mamón" is a fruit sold on every corner, "zorra" an animal, "sexo" a form's field,
 * "martillo" a hammer), where holding would hide harmless messages. Matching already reads
 * case, accents, repeated letters, leetspeak, look-alike letters and spelled-out letters, so
 * each word is listed once; plurals and compounds are separate words and are listed.
 *
 * Words left out on purpose: "chochada" (Nicaraguan for "a thing, nonsense"), "vergón" and
 * "pijudo" (Nicaraguan for "great"), "paja" (Nicaraguan for "a lie"), "pucha" (a mild
 * exclamation), "maje" (a friend). Whole-word matching keeps them apart from "chocho",
 * "verga" and "pija".
 */

/** Bumped when the lists below change, so existing installations take the change once (seed.ts). */
export const DEFAULT_LIST_VERSION = "nicaragua-1";

/** Insults and sexual terms used in Nicaragua, held by default. */
const NICARAGUAN_HELD = [
  // hijo de puta and its Nicaraguan spellings
  "hijueputa",
  "hijueputas",
  "hijue puta",
  "ijueputa",
  "jueputa",
  "jueputas",
  "hijoeputa",
  "hijo e puta",
  "hijodeputa",
  "hijaeputa",
  "hdp",
  "puta",
  "putas",
  "puto",
  "putos",
  "putita",
  // slurs for gay men and lesbians
  "cochón",
  "cochona",
  "cochones",
  "cochonas",
  "playo",
  "playos",
  "culero",
  "culera",
  "culeros",
  "culeras",
  "maricón",
  "maricona",
  "maricones",
  // insults
  "malparido",
  "malparida",
  "malparidos",
  "comemierda",
  "comemierdas",
  "come mierda",
  "cerote",
  "cerotes",
  "cabrón",
  "cabrona",
  "cabrones",
  "pendejo",
  "pendeja",
  "pendejos",
  "pendejas",
  "carepicha",
  "carepija",
  "chupaverga",
  "chupavergas",
  "chupapija",
  "mamaverga",
  "mamavergas",
  "mámala",
  "mamámela",
  // sexual terms
  "verga",
  "vergas",
  "pija",
  "picha",
  "chocho",
  "panocha",
  "coño",
  "culo",
  "culos",
  "culona",
  "teta",
  "tetas",
  "tetona",
  "tetonas",
  "culear",
  "culiar",
  "culeando",
  "cogerte",
  "puñeta",
  "porno",
  "pornografía",
] as const;

/** Words of the LDNOOBW lists (npm naughty-words) that are insults or sexual terms: held too. */
const LDNOOBW_HELD = [
  "Bollera",
  "Chupapollas",
  "Concha de tu madre",
  "Follador",
  "Follar",
  "Gilipollas",
  "Hacer una paja",
  "Hija de puta",
  "Hijaputa",
  "Hijo de puta",
  "Hijoputa",
  "Jilipollas",
  "Kapullo",
  "Lameculos",
  "Marica",
  "Mariconazo",
  "Ramera",
  "Sexo oral",
  "Soplapollas",
  "Tetas grandes",
  "vete a la mierda",
  "asshole",
  "bitch",
  "bitches",
  "blowjob",
  "blow job",
  "cock",
  "cum",
  "cunt",
  "dick",
  "dildo",
  "fag",
  "faggot",
  "fuck",
  "fuckin",
  "fucking",
  "handjob",
  "jizz",
  "motherfucker",
  "nigga",
  "nigger",
  "porn",
  "pornography",
  "pussy",
  "slut",
  "twat",
  "whore",
] as const;

/** Nicaraguan insults that are also ordinary words: flagged, not held. */
const NICARAGUAN_FLAGGED = [
  "mamón",
  "mamones",
  "baboso",
  "babosa",
  "huevón",
  "huevona",
  "güevón",
  "webón",
  "zorra",
  "perra",
  "estúpido",
  "estúpida",
  "tarado",
  "tarada",
] as const;

/** Seeded ahead of the LDNOOBW lists, so their action wins when the same word is in both. */
export const DEFAULT_HELD: readonly string[] = [...NICARAGUAN_HELD, ...LDNOOBW_HELD];
export const DEFAULT_FLAGGED: readonly string[] = NICARAGUAN_FLAGGED;
