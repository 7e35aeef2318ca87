import { describe, expect, test } from "bun:test";
import { resolve } from "node:path";

/**
 * WCAG 2 contrast of every text/background pairing the components use (docs/design.md lists
 * them with their use), computed from tokens.css itself in the light theme and in the dark one
 * (which overrides some tokens and inherits the rest): each at least 4.5:1 (AA for body text).
 */
const css = (await Bun.file(resolve(import.meta.dir, "tokens.css")).text()).replace(/\/\*[\s\S]*?\*\//g, "");

/** `--name: value;` declarations of one block of the stylesheet. */
function declarations(block: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of block.matchAll(/(--[a-z0-9-]+):\s*([^;]+);/g)) {
    found.set(match[1] ?? "", (match[2] ?? "").trim());
  }
  return found;
}

const darkStart = css.indexOf("@media (prefers-color-scheme: dark)");
const light = declarations(css.slice(0, darkStart));
const dark = new Map([...light, ...declarations(css.slice(darkStart))]);

/** A token's colour as #rrggbb, following `var(--other)`. */
function colour(tokens: Map<string, string>, name: string): string {
  const value = tokens.get(name);
  if (!value) throw new Error(`no token ${name}`);
  const alias = /^var\((--[a-z0-9-]+)\)$/.exec(value);
  if (alias?.[1]) return colour(tokens, alias[1]);
  if (!/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`${name} is not a #rrggbb colour: ${value}`);
  return value;
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** [text, background]: every pairing the stylesheets draw text with. */
const PAIRS: [string, string][] = [
  ["--text", "--surface"],
  ["--text", "--bg"],
  ["--text", "--grey-100"],
  ["--grey-700", "--surface"],
  ["--grey-700", "--bg"],
  ["--grey-500", "--surface"],
  ["--grey-500", "--bg"],
  ["--grey-500", "--brand-tint"],
  ["--brand-dark", "--surface"],
  ["--brand-dark", "--bg"],
  ["--brand-darker", "--brand-tint"],
  ["--on-brand", "--brand"],
  ["--on-brand", "--brand-fill-hover"],
  ["--on-brand", "--brand-deep"],
  ["--accent-text", "--surface"],
  ["--accent-text", "--bg"],
  ["--accent-ink", "--accent-tint"],
  ["--text", "--accent-tint"],
  ["--brand-dark", "--accent-tint"],
  ["--on-brand", "--accent"],
  ["--on-brand", "--accent-fill-hover"],
  ["--on-sun", "--sun"],
  ["--danger", "--surface"],
  ["--danger-ink", "--danger-tint"],
  ["--on-brand", "--danger-fill"],
  ["--on-brand", "--danger-fill-hover"],
  ["--success", "--surface"],
  ["--success", "--success-tint"],
  ["--success-ink", "--success-tint"],
];

describe("colour tokens", () => {
  test("the contrast formula matches WCAG's reference figures", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
  });

  for (const [theme, tokens] of [
    ["light", light],
    ["dark", dark],
  ] as const) {
    test(`every text/background pairing is at least 4.5:1 in the ${theme} theme`, () => {
      const ratios = PAIRS.map(([text, background]) => ({
        pair: `${text} on ${background}`,
        ratio: Math.round(contrast(colour(tokens, text), colour(tokens, background)) * 100) / 100,
      }));
      console.log(`${theme}: ${ratios.map((r) => `${r.pair} ${r.ratio}`).join("; ")}`);
      expect(ratios.filter((r) => r.ratio < 4.5)).toEqual([]);
    });
  }

  test("the warm accent is its own colour, apart from the brand blue and the danger red", () => {
    const accent = colour(light, "--accent");
    expect(accent).not.toBe(colour(light, "--brand"));
    expect(contrast(accent, colour(light, "--danger-fill"))).toBeGreaterThan(1.05);
    // Warm: more red than blue.
    expect(Number.parseInt(accent.slice(1, 3), 16)).toBeGreaterThan(Number.parseInt(accent.slice(5, 7), 16));
  });
});
