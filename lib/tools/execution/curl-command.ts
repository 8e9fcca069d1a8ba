/**
 * A request preview as a curl command an operator can paste into a POSIX shell (SPEC §7: "copied
 * as a curl command with secrets masked"). It works on the masked {@link RequestPreview} only, so
 * a secret can never reach the text: what is copied is what the playground shows.
 */
import type { RequestPreview } from "../response";

/**
 * `text` as one shell word. Inside single quotes nothing is special, so the only character to
 * handle is the single quote itself: close the quotes, add an escaped quote, reopen them.
 */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The method flag: none for GET (curl's default), `--head` for HEAD (so curl expects no body). */
function methodArguments(method: string): string[] {
  if (method === "GET") return [];
  if (method === "HEAD") return ["--head"];
  return ["-X", method];
}

/**
 * `preview` as a curl command, one option per line joined with ` \`. Header values and the body
 * are passed exactly (`--data-raw`, so a leading `@` is not read as a file name).
 */
export function curlCommand(preview: RequestPreview): string {
  const parts: string[] = ["curl", ...methodArguments(preview.method), shellQuote(preview.url)];
  for (const [name, value] of Object.entries(preview.headers)) parts.push("-H", shellQuote(`${name}: ${value}`));
  if (preview.body !== null) parts.push("--data-raw", shellQuote(preview.body));
  return lines(parts);
}

/** Breaks before each option so a long command reads one header per line. */
function lines(parts: readonly string[]): string {
  let command = "";
  for (const part of parts) {
    if (command === "") command = part;
    else command += part.startsWith("-") ? ` \\\n  ${part}` : ` ${part}`;
  }
  return command;
}
