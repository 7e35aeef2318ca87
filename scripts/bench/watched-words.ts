/**
 * What checking a text against the watched words costs (it runs on every message, post and
 * comment): the seeded list compiled, then a mix of chat-sized texts judged, as the app does.
 *
 *   bun scripts/bench/watched-words.ts      (RUNS=50000 to change the number of texts per figure)
 *
 * Prints microseconds per text for plain Spanish chat, texts with emoji and accents, texts
 * spelled to slip past the list (spaced letters, look-alikes, invisible characters), and a long
 * text of single letters (the costliest shape for the spelled-out readings). No database:
 * matching reads a list compiled once per process.
 */
import { seedEntries } from "../../src/features/watched-words";
import { compileWatchList } from "../../src/lib/word-matching/matcher";
import { judgeTexts } from "../../src/lib/word-matching/verdict";

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

const ROUNDS = 7;

/**
 * CPU microseconds per text, the best of ROUNDS rounds: the machine is shared, so wall time and
 * most rounds include other people's work; the fastest round is the cost of the code.
 */
function bench(texts: string[], runs: number) {
  const perRound: number[] = [];
  let hits = 0;
  for (let round = 0; round < ROUNDS; round++) {
    hits = 0;
    const started = process.cpuUsage();
    for (let i = 0; i < runs; i++) if (judgeTexts(list, [texts[i % texts.length]!]).action) hits++;
    const used = process.cpuUsage(started);
    perRound.push((used.user + used.system) / runs);
  }
  return { micros: Math.min(...perRound), hits };
}

console.log(
  `watched-word list: ${list.size} entries; ${RUNS} texts per round, best of ${ROUNDS} rounds (CPU time)`,
);
for (const [name, texts] of Object.entries(MIXES)) {
  bench(texts, RUNS); // warm the caches and the JIT
  const { micros, hits } = bench(texts, RUNS);
  console.log(`${name.padEnd(18)} ${micros.toFixed(2).padStart(8)} µs/text   ${hits}/${RUNS} matched`);
}
// The worst shape found: a long text of single letters, every one of them a spelled-out reading.
const spelled = ["a b ".repeat(1000)];
bench(spelled, 200);
console.log(
  `${"4,000 chars a b a b".padEnd(18)} ${bench(spelled, 200).micros.toFixed(2).padStart(8)} µs/text`,
);
