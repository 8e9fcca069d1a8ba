/**
 * A curl command → a tool draft (docs/importers.md "curl"): method, URL, headers, query and a JSON
 * or urlencoded form body (SPEC §1.8), in the persisted form with no parameters yet. Credentials — `Authorization`, API-key-like
 * and cookie headers, and `-u` — become secret headers: the document carries them empty and their
 * values come back separately (`secrets`), so the caller can keep them server-side.
 */
import { snakeCase } from "../openapi/naming";
import { shellWords } from "./shell-words";

/** A draft made from a curl command. */
export interface CurlDraft {
  /** A persisted-form document (secret header values empty); the editor validates it. */
  readonly document: CurlDocument;
  /** Values of the secret headers, by header name as written in the document. */
  readonly secrets: Readonly<Record<string, string>>;
  /** What was ignored or changed, for the operator. */
  readonly warnings: readonly string[];
}

export interface CurlDocument {
  name: string;
  description: string;
  parameters: { type: "object"; properties: Record<string, Record<string, unknown>>; required: string[] };
  request: { method: string; url: string; headers: Record<string, string>; query: Record<string, string>; body: unknown; body_format?: "form" };
  secret_headers: string[];
}

/** Header names whose values are credentials. */
export const SECRET_HEADER = /authorization|cookie|api[-_]?key|apikey|token|secret|passw(or)?d|session|^x-auth/i;

const DATA_OPTIONS = new Set(["-d", "--data", "--data-raw", "--data-ascii", "--data-binary", "--json", "--data-urlencode"]);
/** What each method does, for a description that reads as one. */
const METHOD_VERBS: Readonly<Record<string, string>> = { GET: "Reads", HEAD: "Checks", POST: "Creates", PUT: "Replaces", PATCH: "Updates", DELETE: "Deletes" };
/** Options that take a value curl uses for transport only: skipped with their value. */
const SKIPPED_WITH_VALUE = new Set([
  "-o", "--output", "-m", "--max-time", "--connect-timeout", "-w", "--write-out", "--retry", "--retry-delay", "--retry-max-time",
  "-x", "--proxy", "--cacert", "--capath", "--limit-rate", "--resolve", "--interface", "-c", "--cookie-jar", "--max-redirs", "--proto", "--proto-redir",
]);
/** Flags without a value that change nothing a tool sends. */
const IGNORED_FLAGS = new Set(["--compressed", "-s", "--silent", "-S", "--show-error", "-L", "--location", "-i", "--include", "-v", "--verbose", "-f", "--fail", "--fail-with-body", "-k", "--insecure", "-N", "--no-buffer", "--http1.1", "--http2", "-g", "--globoff", "-#", "--progress-bar"]);
const SHORT_FLAG_LETTERS = new Set(["s", "S", "L", "i", "v", "f", "k", "N", "g"]);
const VALUE_SHORT = new Set(["X", "H", "d", "u", "A", "e", "b", "o", "m", "w", "x", "c"]);

interface Parsed {
  method: string | null;
  url: string | null;
  headers: [string, string][];
  data: string[];
  json: boolean;
  /** Some data came from --data-urlencode, whose value curl encodes: the body is a form. */
  urlencoded: boolean;
  get: boolean;
  head: boolean;
  user: string | null;
  warnings: string[];
}

/**
 * The draft for `command`.
 *
 * @throws Error with a message for the operator: not a curl command, no URL, a body from a file,
 * a multipart form, a body that is neither JSON nor form fields, a URL that is not http(s).
 */
export function parseCurl(command: string): CurlDraft {
  const words = shellWords(command.trim());
  if (words[0] !== "curl") throw new Error("Paste a command that starts with curl.");
  const parsed = readOptions(words.slice(1));
  if (parsed.url === null) throw new Error("The command has no URL.");
  const target = parseTarget(parsed.url);
  const headers: Record<string, string> = {};
  for (const [name, value] of parsed.headers) headers[name] = value;
  if (parsed.user !== null) headers.Authorization = `Basic ${Buffer.from(parsed.user, "utf8").toString("base64")}`;
  const query = Object.fromEntries(target.searchParams);
  const repeated = [...new Set([...target.searchParams.keys()].filter((key, index, keys) => keys.indexOf(key) !== index))];
  for (const key of repeated) parsed.warnings.push(`The query key ${key} appears more than once: only its last value is kept.`);
  let body: unknown = null;
  let form = false;
  const data = parsed.data.join("&");
  if (parsed.data.length > 0 && parsed.get) {
    for (const [key, value] of new URLSearchParams(data)) query[key] = value;
  } else if (parsed.data.length > 0) {
    form = parsed.urlencoded || isFormData(data, headers, parsed.json);
    body = form ? formFields(data) : jsonBody(data, headers);
  }
  const method = (parsed.head ? "HEAD" : parsed.method ?? (parsed.data.length > 0 && !parsed.get ? "POST" : "GET")).toUpperCase();
  dropDefaultContentType(headers, body, form ? FORM_CONTENT_TYPE : JSON_CONTENT_TYPE, parsed.warnings);
  const secretHeaders = Object.keys(headers).filter((name) => SECRET_HEADER.test(name));
  const secrets = Object.fromEntries(secretHeaders.map((name) => [name, headers[name]!]));
  for (const name of secretHeaders) headers[name] = "";
  target.search = "";
  target.hash = "";
  const url = target.toString();
  return {
    document: {
      name: snakeCase(`${method} ${target.pathname.split("/").filter(Boolean).slice(-2).join(" ") || target.hostname}`, "call"),
      description: describedCall(method, target),
      parameters: { type: "object", properties: {}, required: [] },
      request: { method, url, headers, query, body, ...(form ? { body_format: "form" as const } : {}) },
      secret_headers: secretHeaders,
    },
    secrets,
    warnings: parsed.warnings,
  };
}

function readOptions(args: string[]): Parsed {
  const parsed: Parsed = { method: null, url: null, headers: [], data: [], json: false, urlencoded: false, get: false, head: false, user: null, warnings: [] };
  for (let index = 0; index < args.length; index += 1) {
    let option = args[index]!;
    let value: string | undefined;
    const takeValue = (): string => {
      if (value !== undefined) return value;
      index += 1;
      if (index >= args.length) throw new Error(`${option} needs a value.`);
      return args[index]!;
    };
    if (/^-[A-Za-z]./.test(option) && VALUE_SHORT.has(option[1]!)) {
      value = option.slice(2);
      option = option.slice(0, 2);
    } else if (/^--[a-z-]+=/.test(option)) {
      [option, value] = [option.slice(0, option.indexOf("=")), option.slice(option.indexOf("=") + 1)];
    }
    if (option === "-X" || option === "--request") parsed.method = takeValue();
    else if (option === "-H" || option === "--header") parsed.headers.push(headerPair(takeValue()));
    else if (DATA_OPTIONS.has(option)) {
      const data = takeValue();
      if (data.startsWith("@") && option !== "--data-raw") {
        throw new Error(`${option} ${data} reads the body from a file, which a pasted command cannot carry: paste the body itself (for example with --data-raw '{…}').`);
      }
      if (option === "--data-urlencode") {
        parsed.urlencoded = true;
        parsed.data.push(urlencodedData(data));
      } else parsed.data.push(data);
      if (option === "--json") parsed.json = true;
    } else if (option === "-F" || option === "--form") {
      throw new Error(`${option} sends a multipart form (files); Quiver tools send JSON or urlencoded form bodies.`);
    } else if (option === "-u" || option === "--user") parsed.user = takeValue();
    else if (option === "--url") parsed.url = takeValue();
    else if (option === "-G" || option === "--get") parsed.get = true;
    else if (option === "-I" || option === "--head") parsed.head = true;
    else if (option === "-A" || option === "--user-agent") parsed.headers.push(["User-Agent", takeValue()]);
    else if (option === "-e" || option === "--referer") parsed.headers.push(["Referer", takeValue()]);
    else if (option === "-b" || option === "--cookie") parsed.headers.push(["Cookie", takeValue()]);
    else if (SKIPPED_WITH_VALUE.has(option)) {
      takeValue();
      parsed.warnings.push(`${option} is about how curl runs, not what it sends: ignored.`);
    } else if (IGNORED_FLAGS.has(option) || (/^-[A-Za-z]+$/.test(option) && [...option.slice(1)].every((letter) => SHORT_FLAG_LETTERS.has(letter)))) {
      if (option === "-k" || option === "--insecure") parsed.warnings.push("--insecure is ignored: Quiver always checks certificates.");
    } else if (option.startsWith("-") && option !== "-") parsed.warnings.push(`${option} is not read by the import: ignored.`);
    else if (parsed.url === null) parsed.url = option;
    else parsed.warnings.push(`A second URL (${option}) is ignored.`);
  }
  if (parsed.json) parsed.headers.push(["Content-Type", "application/json"]);
  return parsed;
}

function headerPair(text: string): [string, string] {
  const colon = text.indexOf(":");
  if (colon <= 0) throw new Error(`The header "${text.slice(0, 60)}" has no "Name: value" form.`);
  return [text.slice(0, colon).trim(), text.slice(colon + 1).trim()];
}

function parseTarget(text: string): URL {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new Error(`"${text.slice(0, 100)}" is not a URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`The URL must be http or https, not ${url.protocol.replace(":", "")}.`);
  return url;
}

function jsonBody(data: string, headers: Record<string, string>): unknown {
  try {
    return JSON.parse(data);
  } catch {
    const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
    if (/json/i.test(contentType)) throw new Error("The body is declared as JSON but is not valid JSON.");
    throw new Error("The body is neither JSON nor form fields (name=value&…): Quiver tools send one of those. Add -G to send it as the query string instead.");
  }
}

const JSON_CONTENT_TYPE = /^application\/json\s*(;|$)/i;
const FORM_CONTENT_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** Quiver sets the Content-Type of a JSON or form body itself (SPEC §1.5, §1.8): the one `implied` is dropped, and any without a body. */
function dropDefaultContentType(headers: Record<string, string>, body: unknown, implied: RegExp, warnings: string[]): void {
  for (const name of Object.keys(headers)) {
    if (name.toLowerCase() !== "content-type") continue;
    if (body !== null && implied.test(headers[name]!)) delete headers[name];
    else if (body === null) {
      delete headers[name];
      warnings.push("Content-Type is dropped: the request has no body.");
    }
  }
}

/**
 * A first description that reads as one: what the method does to the last named resource, then
 * the call itself — "Creates charges (POST /v1/charges on api.example.com)." The operator refines it.
 */
function describedCall(method: string, target: URL): string {
  const named = target.pathname.split("/").filter((segment) => segment !== "" && !/\d/.test(segment));
  const resource = named.at(-1)?.replace(/\.[a-z]+$/i, "").replace(/[-_.]+/g, " ") ?? target.hostname;
  return `${METHOD_VERBS[method] ?? "Calls"} ${resource} (${method} ${target.pathname} on ${target.host}).`;
}

/** --data-urlencode's value as curl sends it: `name=content` with the content encoded, `content` alone encoded whole. */
function urlencodedData(value: string): string {
  const at = value.indexOf("=");
  if (at < 0) return encodeURIComponent(value);
  return `${value.slice(0, at)}=${encodeURIComponent(value.slice(at + 1))}`;
}

/** Data that is a form: declared so, or `name=value` pairs that are not JSON. */
function isFormData(data: string, headers: Record<string, string>, json: boolean): boolean {
  if (json) return false;
  const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === "content-type")?.[1] ?? "";
  if (/x-www-form-urlencoded/i.test(contentType)) return true;
  if (/json/i.test(contentType)) return false;
  const trimmed = data.trim();
  return !trimmed.startsWith("{") && !trimmed.startsWith("[") && /^[^=&\s]+=/.test(trimmed);
}

/**
 * Form data as the fields SPEC §1.8 sends back the same way: a repeated name becomes a list,
 * `a[b]=v` an object, `a[]=v` a list.
 */
function formFields(data: string): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(data)) placeField(fields, fieldPath(name), value);
  return fields;
}

/** `a` → [a], `a[b][c]` → [a, b, c], `a[]` → [a, ""]. */
function fieldPath(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(name);
  if (!match) return [name];
  return [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
}

/** Puts `value` at `keys`: a second value for a name makes a list, `[]` always does, a named key nests. */
function placeField(into: Record<string, unknown>, keys: readonly string[], value: string): void {
  const [key = "", ...rest] = keys;
  const current = into[key];
  if (rest.length === 0 || (rest.length === 1 && rest[0] === "")) {
    const list = rest.length === 1;
    if (current === undefined) into[key] = list ? [value] : value;
    else into[key] = Array.isArray(current) ? [...current, value] : [current, value];
    return;
  }
  const nested = typeof current === "object" && current !== null && !Array.isArray(current) ? (current as Record<string, unknown>) : {};
  into[key] = nested;
  placeField(nested, rest, value);
}
