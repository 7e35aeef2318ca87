import type { Page } from "@playwright/test";
import { messages } from "../../common/messages";

/**
 * Finds English catalogue text on a page meant to be Spanish. Every English string that differs
 * from its Spanish one becomes one or more needles (the fixed parts around {placeholders}),
 * matched as whole words against what a person reads or hears: the visible text, the title,
 * the meta description and the aria-label/placeholder/title/alt attributes.
 */
type Leaf = { path: string; value: string };

function leaves(node: unknown, path: string[] = []): Leaf[] {
  if (typeof node === "string") return [{ path: path.join("."), value: node }];
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, [...path, key]));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function buildNeedles() {
  const spanish = new Map(leaves(messages("es")).map((leaf) => [leaf.path, leaf.value]));
  const spanishText = [...spanish.values()].join("\n");
  const needles: { path: string; text: string; pattern: RegExp }[] = [];
  for (const { path, value } of leaves(messages("en"))) {
    if (spanish.get(path) === value) continue;
    for (const part of value.split(/\{\w+\}/)) {
      const text = part.trim().replace(/^[,.:;·()\s-]+|[,:;·(\s-]+$/g, "");
      // Too short to be evidence, or also Spanish ("Instagram", "Email" in a Spanish string).
      if (text.length < 4 || !/\p{L}{3,}/u.test(text)) continue;
      const pattern = new RegExp(`(^|[^\\p{L}])${escapeRegExp(text)}($|[^\\p{L}])`, "u");
      if (pattern.test(spanishText)) continue;
      needles.push({ path, text, pattern });
    }
  }
  return needles;
}

const needles = buildNeedles();

export async function englishOnPage(page: Page): Promise<string[]> {
  const { texts, attributes } = await page.evaluate(() => {
    // All text a person can read or a screen reader can speak (visually hidden text too).
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest("script, style, template")) parts.push(node.nodeValue ?? "");
    }
    const values = [document.title];
    const description = document.querySelector('meta[name="description"]')?.getAttribute("content");
    if (description) values.push(description);
    for (const element of document.querySelectorAll("[aria-label],[placeholder],[title],[alt]")) {
      for (const name of ["aria-label", "placeholder", "title", "alt"]) {
        const value = element.getAttribute(name);
        if (value) values.push(value);
      }
    }
    return { texts: parts.map((t) => t.trim()).filter(Boolean), attributes: values };
  });
  const all = [...texts, ...attributes];
  const whole = new Set(all);
  const joined = all.join("\n");
  // A one-word string ("Newest") counts only as a whole label: other specs' posts in the shared
  // feed ("Newest one.", "Main hall") are people's text, not the interface.
  return needles
    .filter((needle) => (/\s/.test(needle.text) ? needle.pattern.test(joined) : whole.has(needle.text)))
    .map((n) => `${n.path}: "${n.text}"`);
}
