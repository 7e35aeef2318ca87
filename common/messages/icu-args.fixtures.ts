import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";

/**
 * Reading catalogue templates as ICU MessageFormat, for the catalogue tests: a fixture, which no
 * production code imports (the browser never parses; the build gives it pre-parsed forms).
 */
export function parseTemplate(template: string): MessageFormatElement[] {
  return parse(template, { ignoreTag: true });
}

/** Every element of a parsed template, plural and select branches included. */
export function flattenElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.flatMap((element) => [
    element,
    ...("options" in element
      ? Object.values(element.options).flatMap((option) => flattenElements(option.value))
      : []),
  ]);
}

/** The argument names of a template ("{count, plural, one {# van} …}" → count). */
export function argumentsOf(template: string): string[] {
  const names = new Set<string>();
  for (const element of flattenElements(parseTemplate(template))) {
    if (element.type !== TYPE.literal && element.type !== TYPE.pound && element.type !== TYPE.tag) {
      names.add(element.value);
    }
  }
  return [...names].sort();
}

/**
 * The plain `{arg}` placeholders directly followed by a word, at top level or in a branch:
 * "{count} van" is a number glued to a noun outside a plural form.
 */
export function argumentsBeforeWords(template: string): { name: string; next: string }[] {
  const found: { name: string; next: string }[] = [];
  const walk = (elements: MessageFormatElement[]) => {
    elements.forEach((element, index) => {
      const next = elements[index + 1];
      if (element.type === TYPE.argument && next?.type === TYPE.literal) {
        const word = /^\s+([\p{L}]+)/u.exec(next.value)?.[1];
        if (word) found.push({ name: element.value, next: word });
      }
      if ("options" in element) for (const option of Object.values(element.options)) walk(option.value);
    });
  };
  walk(parseTemplate(template));
  return found;
}
