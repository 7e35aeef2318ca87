import { expect, test } from "bun:test";
import { messages } from ".";

/**
 * The Spanish catalogue speaks Nicaraguan *voseo* ("Elegí", "Podés", "Unite al club", "sos"),
 * never textbook *tú* ("Elige", "Puedes") nor *usted* ("Ingrese", "Su cuenta"). Possessive
 * "tu/tus" and the pronoun "te" are voseo too, so they stay.
 *
 * How the lists avoid false positives:
 * - ANYWHERE: forms that can only be *tú* or *usted*, wherever they stand ("puedes", "eres",
 *   "únete", "inténtalo", "usted"). An enclitic imperative carries its accent ("revísalo");
 *   the voseo one does not ("revisalo"), so the accent tells them apart.
 * - AT_START: *tú* imperatives that are also a third-person present ("Ana escribe…", "el club
 *   revisa…", "la prueba"). They are flagged only where an instruction starts: at the start of
 *   the message or of a sentence, clause or ICU branch (after . ! ? ¡ ¿ : ; — ( { or a line
 *   break). "Escribe un enlace" is flagged; "Ana te escribe" and "una prueba" are not.
 * - EXCEPTIONS: a message path whose match is really third person, with the reason.
 * Matching is on whole words (letters with accents count as letters), case-insensitive and
 * accent-sensitive: "revisá" and "podés" never match "revisa" and "puedes".
 */

/** Present-tense *tú* and *usted* words that cannot be anything else. */
// biome-ignore format: a word list reads best as lines of words
const ANYWHERE = [
  // tú present
  "puedes", "tienes", "quieres", "eres", "debes", "necesitas", "sabes", "conoces", "prefieres",
  "perteneces", "recibes", "vuelves", "sigues", "envías", "escribes", "publicas", "sientes",
  "pides", "usas", "guardas", "aceptas", "dejas", "cambias", "apareces", "respondes", "vienes",
  "entiendes", "encuentras", "compartes", "lees", "sales", "pierdes",
  // tú pronouns (voseo says "vos", "con vos")
  "tú", "ti", "contigo",
  // tú imperatives with an enclitic pronoun (voseo drops the accent: "intentalo", "unite")
  "únete", "inténtalo", "inténtelo", "asegúrate", "cuéntanos", "escríbenos", "avísanos", "mantente",
  "revísalo", "revísala", "pruébalo", "elígelo", "ábrelo", "ábrela", "guárdalo", "cámbiala", "cámbialo",
  "compártelo", "descárgalo", "actualízala", "recárgala", "vuélvelo", "pídele", "escríbele", "dile",
  "díselo", "vete", "acércate", "fíjate", "despídete", "regístrate", "suscríbete", "olvídate",
  "pregúntale", "respóndele", "quítalo", "sácale", "tómale", "súbela", "búscalo", "muévete",
  "úsalo", "úsala", "cópiala", "cópialo", "déjala", "déjalo", "desbloquéala", "desbloquéalo",
  "cuéntale", "cuídate", "escríbelo", "escríbela", "encuéntranos", "mantén", "regístrate",
  "administras", "llevas", "registras",
  // tú present subjunctive where voseo has its own ("cuando querás", "hasta que la aceptés")
  "quieras", "puedas", "aceptes", "inicies", "vuelvas", "tengas",
  // usted ("su perfil", "su contraseña" stay out: the catalogue uses them for a third person)
  "usted", "su cuenta", "su correo",
];

/** *tú* imperatives that are also a third-person present or a noun: only at an instruction's start. */
// biome-ignore format: a word list reads best as lines of words
const AT_START = [
  "elige", "escribe", "inicia", "revisa", "prueba", "toca", "intenta", "vuelve", "ingresa", "usa",
  "completa", "envía", "busca", "explora", "descubre", "conecta", "sigue", "haz", "responde",
  "mueve", "separa", "crea", "pide", "pulsa", "abre", "cierra", "espera", "añade", "agrega", "sube",
  "pega", "copia", "guarda", "cambia", "confirma", "verifica", "comparte", "recuerda", "mira",
  "lee", "marca", "selecciona", "quita", "borra", "activa", "desactiva", "deja", "reporta",
  "bloquea", "silencia", "permite", "actualiza", "recarga", "descarga", "sal", "ven", "pon", "ten",
  "di", "ve", "acepta", "rechaza", "contesta", "pregunta", "cuenta", "apaga", "enciende",
  "escoge", "llena", "anota", "comprueba", "regresa", "evita", "avisa", "invita", "aprende",
  "encuentra", "habla", "elimina", "escanea", "apunta", "disfruta", "saluda", "corrige", "ejecuta",
  "une",
  // usted imperatives: also a third-person subjunctive ("hasta que un administrador lo revise")
  "ingrese", "escriba", "elija", "intente", "revise", "verifique", "haga", "pulse", "seleccione",
  "vuelva", "inicie", "aún no es", "no es miembro",
];

/** Paths where a listed form is really a third person or a noun, with why. */
const EXCEPTIONS: Record<string, string> = {
  "adminPages.testAccount": "«prueba»: a noun, the label of a test account",
  "adminPages.dummies.testAccount": "«Cuenta de prueba»: a noun",
  "safetyPage.accountTitle": "«Cuenta y seguridad»: a noun",
  "joinQuestions.questionLabel": "«Pregunta {n}»: a noun",
  "polls.question": "«Pregunta»: a noun, the poll form's label",
  "checkIns.codeHelp": "«Cambia cada 30 segundos»: the code changes (third person)",
  "checkIns.changesIn": "«Cambia en {seconds} s»: the code changes (third person)",
  "clubPage.open": "«Acepta nuevos miembros»: the club accepts (third person)",
};

type Leaf = { path: string; value: string };

function leaves(node: unknown, path: string[] = []): Leaf[] {
  if (typeof node === "string") return [{ path: path.join("."), value: node.normalize("NFC") }];
  if (node !== null && typeof node === "object") {
    return Object.entries(node).flatMap(([key, value]) => leaves(value, [...path, key]));
  }
  return [];
}

const LETTER = "\\p{L}";
const START = "(?:^|[.!?¡¿:;—({\\n]\\s*|\\s[-–]\\s)";
const asPattern = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
const anywhere = new RegExp(`(?<!${LETTER})(${ANYWHERE.map(asPattern).join("|")})(?!${LETTER})`, "giu");
const atStart = new RegExp(`${START}[¡¿"“«]*(${AT_START.map(asPattern).join("|")})(?!${LETTER})`, "giu");

/** Every tú or usted form in one message, as the words found. */
export function nonVoseoForms(text: string): string[] {
  const value = text.normalize("NFC");
  return [...value.matchAll(anywhere), ...value.matchAll(atStart)].map((match) => match[1] ?? "");
}

test("the word lists are considered: at least 60 tú and usted forms", () => {
  expect(new Set([...ANYWHERE, ...AT_START]).size).toBeGreaterThanOrEqual(60);
});

test("the checker tells voseo from tú and usted", () => {
  expect(nonVoseoForms("Elige una región")).toEqual(["Elige"]);
  expect(nonVoseoForms("Elegí una región")).toEqual([]);
  expect(nonVoseoForms("Ya eres miembro. Puedes salir.")).toEqual(["eres", "Puedes"]);
  expect(nonVoseoForms("Ya sos miembro. Podés salir.")).toEqual([]);
  expect(nonVoseoForms("Únete al club")).toEqual(["Únete"]);
  expect(nonVoseoForms("Unite al club")).toEqual([]);
  expect(nonVoseoForms("Aún no es miembro de este club.")).toEqual(["Aún no es"]);
  expect(nonVoseoForms("Ingrese su correo")).toEqual(["su correo", "Ingrese"]);
  expect(nonVoseoForms("Ana te escribe sobre una prueba")).toEqual([]);
  expect(nonVoseoForms("Sin señal. Revisa el wifi e inténtalo de nuevo.")).toEqual(["inténtalo", "Revisa"]);
  expect(nonVoseoForms("Sin señal. Revisá el wifi e intentalo de nuevo.")).toEqual([]);
  expect(nonVoseoForms("{count, plural, one {Responde la pregunta.} other {Respondé}}")).toEqual([
    "Responde",
  ]);
});

test("every Spanish message speaks voseo: no tú or usted forms", () => {
  const found = leaves(messages("es"))
    .filter(({ path }) => !(path in EXCEPTIONS))
    .flatMap(({ path, value }) => {
      const forms = nonVoseoForms(value);
      return forms.length > 0 ? [`${path}: ${forms.join(", ")} — ${value}`] : [];
    });
  expect(found).toEqual([]);
});
