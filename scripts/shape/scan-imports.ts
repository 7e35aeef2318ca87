/**
 * The module specifiers a TypeScript file imports: static imports (type-only ones too, since the
 * compiler elides those the linter must still see), side-effect imports, dynamic `import()`,
 * `require()` and re-exports (`export … from`). A small tokenizer skips comments, template
 * literals and regular expressions, so a specifier-looking string inside them is not an import.
 */
export type ImportSite = { specifier: string; line: number; names: string[] | null };

type Token = { kind: "word" | "string" | "punct"; text: string; line: number };

const WORD = /[A-Za-z0-9_$]/;
// After these a "/" starts a regular expression, not a division.
const BEFORE_REGEX = new Set([
  "(",
  ",",
  "=",
  ":",
  "[",
  "!",
  "&",
  "|",
  "?",
  "{",
  "}",
  ";",
  "+",
  "-",
  "*",
  "%",
  "<",
  ">",
  "~",
  "^",
  "return",
  "typeof",
  "case",
  "in",
  "of",
  "void",
  "new",
  "delete",
  "throw",
  "else",
  "do",
  "yield",
  "await",
]);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let i = 0;
  const n = text.length;
  const skipTemplate = () => {
    // i is just past the opening backtick; skip to the closing one, through ${ … } expressions.
    while (i < n && text[i] !== "`") {
      if (text[i] === "\\") i += 1;
      else if (text[i] === "\n") line += 1;
      else if (text[i] === "$" && text[i + 1] === "{") {
        let depth = 1;
        i += 2;
        while (i < n && depth > 0) {
          const c = text[i]!;
          if (c === "{") depth += 1;
          else if (c === "}") depth -= 1;
          else if (c === "\n") line += 1;
          else if (c === "`") {
            i += 1;
            skipTemplate();
          } else if (c === '"' || c === "'") {
            for (i += 1; i < n && text[i] !== c && text[i] !== "\n"; i += 1) if (text[i] === "\\") i += 1;
          }
          i += 1;
        }
        continue;
      }
      i += 1;
    }
  };
  while (i < n) {
    const c = text[i]!;
    if (c === "\n") {
      line += 1;
      i += 1;
    } else if (c === " " || c === "\t" || c === "\r") i += 1;
    else if (c === "/" && text[i + 1] === "/") {
      while (i < n && text[i] !== "\n") i += 1;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end === -1 ? n : end + 2;
      for (; i < stop; i += 1) if (text[i] === "\n") line += 1;
    } else if (c === '"' || c === "'") {
      let value = "";
      for (i += 1; i < n && text[i] !== c && text[i] !== "\n"; i += 1) {
        if (text[i] === "\\") i += 1;
        value += text[i];
      }
      i += 1;
      tokens.push({ kind: "string", text: value, line });
    } else if (c === "`") {
      i += 1;
      skipTemplate();
      i += 1;
      tokens.push({ kind: "string", text: "`", line });
    } else if (c === "/" && (tokens.length === 0 || BEFORE_REGEX.has(tokens[tokens.length - 1]!.text))) {
      let inClass = false;
      for (i += 1; i < n && text[i] !== "\n"; i += 1) {
        if (text[i] === "\\") i += 1;
        else if (text[i] === "[") inClass = true;
        else if (text[i] === "]") inClass = false;
        else if (text[i] === "/" && !inClass) break;
      }
      i += 1;
      while (i < n && WORD.test(text[i]!)) i += 1;
      tokens.push({ kind: "punct", text: "/regex/", line });
    } else if (WORD.test(c)) {
      const start = i;
      while (i < n && WORD.test(text[i]!)) i += 1;
      tokens.push({ kind: "word", text: text.slice(start, i), line });
    } else {
      tokens.push({ kind: "punct", text: c, line });
      i += 1;
    }
  }
  return tokens;
}

/** The imports of one file's source text. `names` are the braced names of a static import, else null. */
export function scanImports(text: string): ImportSite[] {
  const tokens = tokenize(text);
  const sites: ImportSite[] = [];
  for (let t = 0; t < tokens.length; t += 1) {
    const tok = tokens[t]!;
    const prev = tokens[t - 1];
    if (tok.kind !== "word" || prev?.text === ".") continue;
    const next = tokens[t + 1];
    if ((tok.text === "import" || tok.text === "require") && next?.text === "(") {
      const arg = tokens[t + 2];
      if (arg?.kind === "string" && arg.text !== "`")
        sites.push({ specifier: arg.text, line: arg.line, names: null });
    } else if (tok.text === "import" && next?.kind === "string") {
      sites.push({ specifier: next.text, line: next.line, names: [] });
    } else if (
      (tok.text === "import" && next?.text !== ".") ||
      (tok.text === "export" && reexports(tokens, t + 1))
    ) {
      const site = readClause(tokens, t + 1);
      if (site) sites.push(site);
    }
  }
  return sites;
}

/** `export {…} from`, `export * from`, `export type {…} from`: the tokens after `export`. */
function reexports(tokens: Token[], u: number): boolean {
  const first = tokens[u]?.text === "type" ? tokens[u + 1]?.text : tokens[u]?.text;
  return first === "{" || first === "*";
}

/** From after `import` / `export` up to `from "…"`; null when the statement has no `from`. */
function readClause(tokens: Token[], start: number): ImportSite | null {
  const braced: string[] = [];
  let other = false;
  let braces = false;
  for (let u = start; u < tokens.length && u < start + 400; u += 1) {
    const x = tokens[u]!;
    if (!braces && x.text === "from" && tokens[u + 1]?.kind === "string") {
      const spec = tokens[u + 1]!;
      return { specifier: spec.text, line: spec.line, names: other ? null : braced };
    }
    if (x.text === "{") braces = true;
    else if (x.text === "}") braces = false;
    else if (x.kind === "word" && x.text !== "type" && x.text !== "as" && tokens[u - 1]?.text !== "as") {
      if (braces) braced.push(x.text);
      else other = true;
    } else if (x.text === "*") other = true;
    else if (!braces && (x.text === ";" || x.text === "=" || x.text === "(")) return null;
  }
  return null;
}
