/**
 * A pasted command line as shell words, by shell-quote (not a regex): single and double quotes,
 * backslash escapes, and — handled here first, since shell-quote does not read them — line
 * continuations (a backslash before a newline, as docs and browsers print long commands; also
 * Windows cmd's caret) and bash's ANSI-C quoting `$'…'`. `$VARIABLES` stay as written: nothing is
 * expanded from the server's environment.
 */
import { parse } from "shell-quote";

/**
 * The words of `command`.
 *
 * @throws Error with an operator-facing message for pipes, redirections, several commands or an unterminated quote.
 */
export function shellWords(command: string): string[] {
  const joined = command.replace(/\\\r?\n/g, " ").replace(/\^\r?\n/g, " ");
  const entries = parse(ansiCQuoted(joined), (name) => `$${name}`);
  const words: string[] = [];
  for (const entry of entries) {
    if (typeof entry === "string") words.push(entry);
    else if ("comment" in entry) break;
    else if ("op" in entry && entry.op === "glob") words.push(entry.pattern);
    else throw new Error(`Paste one curl command: "${"op" in entry ? entry.op : "?"}" (a pipe, redirection or second command) is not read.`);
  }
  return words;
}

const ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", e: "\x1b", f: "\f", v: "\v", "\\": "\\", "'": "'", '"': '"', "?": "?" };

/** Every `$'…'` rewritten as an ordinary single-quoted word with the escapes decoded. */
function ansiCQuoted(text: string): string {
  let out = "";
  let index = 0;
  let quote: string | null = null;
  while (index < text.length) {
    const char = text[index]!;
    if (quote === null && char === "$" && text[index + 1] === "'") {
      const { value, end } = readAnsiC(text, index + 2);
      out += `'${value.replace(/'/g, "'\\''")}'`;
      index = end;
      continue;
    }
    if (quote === null && (char === "'" || char === '"')) quote = char;
    else if (quote === char) quote = null;
    else if (char === "\\" && quote !== "'") {
      out += char + (text[index + 1] ?? "");
      index += 2;
      continue;
    }
    out += char;
    index += 1;
  }
  return out;
}

function readAnsiC(text: string, start: number): { value: string; end: number } {
  let value = "";
  let index = start;
  while (index < text.length && text[index] !== "'") {
    if (text[index] !== "\\") {
      value += text[index];
      index += 1;
      continue;
    }
    const next = text[index + 1] ?? "";
    const hex = next === "x" ? /^[0-9a-fA-F]{1,2}/.exec(text.slice(index + 2)) : next === "u" ? /^[0-9a-fA-F]{1,4}/.exec(text.slice(index + 2)) : next === "U" ? /^[0-9a-fA-F]{1,8}/.exec(text.slice(index + 2)) : null;
    if (hex) {
      value += String.fromCodePoint(parseInt(hex[0], 16));
      index += 2 + hex[0].length;
    } else {
      value += ESCAPES[next] ?? `\\${next}`;
      index += 2;
    }
  }
  if (index >= text.length) throw new Error("The command has an unterminated $'…' quote.");
  return { value, end: index + 1 };
}
