/**
 * What checking a text against the watched words costs (it runs on every message, post and
 * comment): the seeded list compiled, then a mix of chat-sized texts judged, as the app does.
 *
 *   bun scripts/bench/watched-words.ts      (RUNS=50000 to change the number of texts per figure)
 *
 * Prints microseconds per text for plain Spanish chat, texts with emoji and accents, and texts
 * spelled to slip past the list (spaced letters, look-alikes, invisible characters). No
 * database: matching reads a list compiled once per process.
 */
import { seedEntries } from "../../src/features/watched-words/seed";
import { compileWatchList } from "../../src/lib/watched-words/matcher";
import { judgeTexts } from "../../src/lib/watched-words/verdict";

const RUNS = Number(process.env.RUNS ?? 50_000);

const list = compileWatchList(seedEntries().map((e, i) => ({ id: i + 1, word: e.word, action: e.action })));

const MIXES: Record<string, string[]> = {
  "plain chat": [
    "Hola, ¿a qué hora es la reunión del club mañana?",
    "Dale, nos vemos en el parque central a las 4",
    "La O N U y la U N A N se reunieron ayer en Managua",
    "¿Alguien tiene los apuntes de análisis matemático?",
    "Qué chochada, se me olvidó el cuaderno",
  ],
  "emoji and accents": [
    "¡Felicidades! 🎉🎉 Nos vemos el sábado 😀",
    "Mañana hay prueba de química 😭😭😭 ¿estudiamos juntos?",
    "❤️❤️ gracias por todo, maje 👍🏽",
    "Árbol, canción, corazón, año, niño, pingüino",
  ],
  evasions: [
    "sos un h i j u e p u t a",
    "qué c.u.l.e.r.o",
    "ch\u200Boch\u200Bo",
    "\u0441ulero",
    "\u202Eatupeujih",
  ],
};

function bench(texts: string[]) {
  let hits = 0;
  const started = Bun.nanoseconds();
  for (let i = 0; i < RUNS; i++) if (judgeTexts(list, [texts[i % texts.length]!]).action) hits++;
  const micros = (Bun.nanoseconds() - started) / 1000 / RUNS;
  return { micros, hits };
}

console.log(`watched-word list: ${list.size} entries; ${RUNS} texts per figure`);
for (const [name, texts] of Object.entries(MIXES)) {
  bench(texts); // warm the caches and the JIT
  const { micros, hits } = bench(texts);
  console.log(`${name.padEnd(18)} ${micros.toFixed(2).padStart(7)} µs/text   ${hits}/${RUNS} matched`);
}
