/**
 * The HTTP call a data-defined tool makes (SPEC §1.2 `request`): method, URL, headers, query and
 * body, with placeholders checked where they are written. Scheme, host and port must be literal so
 * a model can never choose where a request goes; placeholders live in the path and query only.
 */
import { soleReference, withoutPlaceholders } from "../placeholders";
import {
  BODY_FORMATS,
  HTTP_METHODS,
  QUERY_STYLES,
  type BodyFormat,
  type HttpMethod,
  type JsonValue,
  type ObjectSchema,
  type QueryStyle,
  type RequestTemplate,
} from "../types";
import {
  checkKnownKeys,
  childPath,
  describeValue,
  isAbsent,
  isPlainObject,
  type Issues,
  objectFrom,
  toJsonValue,
} from "./definition-input";
import { HEADER_NAME_PATTERN, headerValueProblem, RESERVED_HEADER_NAMES } from "./header-value";
import { checkXmlBody } from "./xml-body";
import {
  checkPathPlaceholders,
  checkPlaceholders,
  hasPlaceholder,
  type ParameterNames,
  type PlaceholderScope,
} from "./placeholder-checks";

const REQUEST_KEYS = ["method", "url", "headers", "query", "body", "body_format", "query_style"];
const SCHEME = /^https?:\/\//i;
const AUTHORITY = /^[^/?#]*/;
const BODILESS: readonly HttpMethod[] = ["GET", "HEAD"];

/** The `request` object of the persisted form (SPEC §1.1, §1.8): the encodings only when not the default. */
export interface PersistedRequest {
  readonly method: HttpMethod;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly query: Readonly<Record<string, string>>;
  readonly body: JsonValue;
  readonly body_format?: Exclude<BodyFormat, "json">;
  readonly query_style?: Readonly<Record<string, QueryStyle>>;
}

/** `request` in canonical order; `body_format` and `query_style` appear only when they say something, so older tools keep their bytes. */
export function requestToPersisted(request: RequestTemplate): PersistedRequest {
  const { method, url, headers, query, body, bodyFormat, queryStyle } = request;
  const form: PersistedRequest = { method, url, headers, query, body };
  const withFormat = bodyFormat === "json" ? form : { ...form, body_format: bodyFormat };
  return Object.keys(queryStyle).length === 0 ? withFormat : { ...withFormat, query_style: queryStyle };
}

/**
 * Reads `request`. `scope` holds the top-level parameter names placeholders may use, and which are
 * required (a path placeholder must be); each is null when the parameters were unreadable; its
 * schema says which parameters are lists (a query style needs one).
 * `secrets` marks the values that are credentials — header names lower-cased, query keys as
 * written — so no issue quotes them. A missing method means GET, the least harmful default.
 */
export function parseRequest(
  input: unknown,
  scope: PlaceholderScope & { readonly schema: ObjectSchema },
  secrets: { readonly headers: ReadonlySet<string>; readonly query: ReadonlySet<string> },
  issues: Issues,
): RequestTemplate {
  const { names } = scope;
  const path = "request";
  const empty: RequestTemplate = { method: "GET", url: "", headers: {}, query: {}, body: null, bodyFormat: "json", queryStyle: {} };
  if (!isPlainObject(input)) {
    issues.add(path, isAbsent(input)
      ? 'is required: {"method": "GET", "url": "https://…"}'
      : `must be an object {"method", "url", "headers", "query", "body"}, found ${describeValue(input)}`);
    return empty;
  }
  checkKnownKeys(input, REQUEST_KEYS, path, issues);
  const method = readMethod(input.method, childPath(path, "method"), issues);
  const url = readUrl(input.url, childPath(path, "url"), scope, issues);
  const headers = readStringMap(input.headers, childPath(path, "headers"), issues, checkHeaderEntry(names, secrets.headers));
  const query = readStringMap(input.query, childPath(path, "query"), issues, checkQueryEntry(names, secrets.query));
  const body = readBody(input.body, childPath(path, "body"), names, issues);
  const bodiless = method !== null && BODILESS.includes(method);
  if (bodiless && body !== null) {
    issues.add(childPath(path, "body"), `a ${method} request takes no body: remove it, or use POST, PUT or PATCH`);
  }
  const bodyFormat = readBodyFormat(input.body_format, childPath(path, "body_format"), issues);
  if (bodyFormat !== "json") {
    if (bodiless) issues.add(childPath(path, "body_format"), `a ${method} request takes no body, so it has no body format: remove body_format`);
    else if (bodyFormat === "form") checkFormBody(body, childPath(path, "body"), issues);
    else checkXmlBody(body, childPath(path, "body"), issues);
  }
  const queryStyle = readQueryStyle(input.query_style, query, scope.schema, childPath(path, "query_style"), issues);
  return { method: method ?? "GET", url, headers, query, body, bodyFormat, queryStyle };
}

function readBodyFormat(input: unknown, path: string, issues: Issues): BodyFormat {
  if (isAbsent(input)) return "json";
  if (typeof input === "string" && (BODY_FORMATS as readonly string[]).includes(input)) return input as BodyFormat;
  issues.add(path, `must be "json" (the default), "form" (application/x-www-form-urlencoded) or "xml", found ${typeof input === "string" ? `"${input}"` : describeValue(input)}`);
  return "json";
}

/**
 * A form body is an object of fields; a field holds text, a number, a boolean, a list or an object
 * (sent as `k=a&k=b` and `k[sub]=v`). A form has no null: a field without a value is left out.
 */
function checkFormBody(body: JsonValue, path: string, issues: Issues): void {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    issues.add(path, body === null
      ? 'a form body needs its fields: an object such as {"amount": "{{amount}}", "currency": "eur"}'
      : `a form body must be an object of field → value, found ${describeValue(body)}`);
    return;
  }
  const visit = (value: JsonValue, at: string): void => {
    if (value === null) issues.add(at, "a form field cannot be null: leave the field out, or give it a value");
    else if (Array.isArray(value)) value.forEach((item, index) => visit(item, childPath(at, index)));
    else if (typeof value === "object") for (const [key, item] of Object.entries(value)) visit(item, childPath(at, key));
  };
  for (const [key, value] of Object.entries(body)) visit(value, childPath(path, key));
}

/**
 * `query_style`: for a `request.query` key whose value is exactly the placeholder of a list
 * parameter, how the list is written. "repeat" is the default and is not kept.
 */
function readQueryStyle(
  input: unknown,
  query: Readonly<Record<string, string>>,
  schema: ObjectSchema,
  path: string,
  issues: Issues,
): RequestTemplate["queryStyle"] {
  if (isAbsent(input)) return {};
  if (!isPlainObject(input)) {
    issues.add(path, `must be an object of query key → ${QUERY_STYLES.join(" | ")}, found ${describeValue(input)}`);
    return {};
  }
  const entries: [string, Exclude<QueryStyle, "repeat">][] = [];
  for (const [key, style] of Object.entries(input)) {
    const entryPath = childPath(path, key);
    if (typeof style !== "string" || !(QUERY_STYLES as readonly string[]).includes(style)) {
      issues.add(entryPath, `must be one of ${QUERY_STYLES.join(", ")}, found ${typeof style === "string" ? `"${style}"` : describeValue(style)}`);
      continue;
    }
    const problem = queryStyleTargetProblem(key, query, schema);
    if (problem) issues.add(entryPath, problem);
    else if (style !== "repeat") entries.push([key, style as Exclude<QueryStyle, "repeat">]);
  }
  return objectFrom(entries);
}

function queryStyleTargetProblem(key: string, query: Readonly<Record<string, string>>, schema: ObjectSchema): string | null {
  if (!Object.hasOwn(query, key)) return `names no entry of request.query: add "${key}" there, or remove its style`;
  const reference = soleReference(query[key]!);
  const parameter = reference !== null && Object.hasOwn(schema.properties, reference) ? schema.properties[reference] : undefined;
  if (parameter?.type === "array") return null;
  return `applies only to a query value that is exactly the placeholder of a list parameter (such as "{{ids}}" with ids of type array); "${key}" is not one`;
}

function readMethod(input: unknown, path: string, issues: Issues): HttpMethod | null {
  if (isAbsent(input)) return "GET";
  const method = typeof input === "string" ? input.toUpperCase() : null;
  if (method !== null && (HTTP_METHODS as readonly string[]).includes(method)) return method as HttpMethod;
  issues.add(path, `must be one of ${HTTP_METHODS.join(", ")}, found ${typeof input === "string" ? `"${input}"` : describeValue(input)}`);
  return null;
}

function readUrl(input: unknown, path: string, scope: PlaceholderScope, issues: Issues): string {
  if (typeof input !== "string" || input === "") {
    issues.add(path, isAbsent(input) || input === ""
      ? "is required: an absolute http: or https: URL such as https://api.example.com/orders/{{order_id}}"
      : `must be a string, found ${describeValue(input)}`);
    return "";
  }
  const problem = urlProblem(input);
  if (problem) issues.add(path, problem);
  checkPlaceholders(input, path, scope.names, issues);
  if (!problem) checkPathPlaceholders(urlParts(input).path, path, scope, issues);
  return input;
}

/** The parts of an absolute URL template after its scheme; `query` without `?`, `fragment` with `#`. */
function urlParts(url: string): { authority: string; path: string; query: string; fragment: string } {
  const rest = url.replace(SCHEME, "");
  const authority = AUTHORITY.exec(rest)?.[0] ?? "";
  const afterAuthority = rest.slice(authority.length);
  const hash = afterAuthority.indexOf("#");
  const beforeFragment = hash < 0 ? afterAuthority : afterAuthority.slice(0, hash);
  const question = beforeFragment.indexOf("?");
  return {
    authority,
    path: question < 0 ? beforeFragment : beforeFragment.slice(0, question),
    query: question < 0 ? "" : beforeFragment.slice(question + 1),
    fragment: hash < 0 ? "" : afterAuthority.slice(hash),
  };
}

/** What is wrong with the literal parts of a URL template, or null. */
function urlProblem(url: string): string | null {
  const literal = withoutPlaceholders(url);
  if (/[\s\x00-\x1f\x7f]/.test(literal)) return "must not contain spaces or control characters: percent-encode them (%20)";
  if (!SCHEME.test(url)) {
    return hasPlaceholder(url.split("/")[0] ?? "")
      ? "must start with a literal http:// or https:// and host: placeholders may appear only in the path and query string"
      : "must be an absolute http: or https: URL such as https://api.example.com/orders";
  }
  const { authority, query, fragment } = urlParts(url);
  if (authority === "") return "needs a host after the scheme, e.g. https://api.example.com/…";
  if (hasPlaceholder(authority) || authority.includes("}}")) {
    return "scheme, host and port must be literal: placeholders may appear only in the path and query string, so a model can never choose where a request goes";
  }
  if (authority.includes("@")) return "must not carry credentials (user:password@): put them in a secret header instead";
  if (hasPlaceholder(fragment)) return "placeholders may appear only in the path and query string, not after #";
  if (query.split("&").some((entry) => hasPlaceholder(entry.split("=")[0] ?? ""))) {
    return "placeholders are allowed in query values only, not in names: write ?name={{value}}";
  }
  try {
    new URL(withoutPlaceholders(url, "x"));
  } catch {
    return "is not a valid URL: check the host and port";
  }
  return null;
}

type EntryCheck = (name: string, value: string, path: string, issues: Issues) => void;

function readStringMap(input: unknown, path: string, issues: Issues, checkEntry: EntryCheck): Record<string, string> {
  if (isAbsent(input)) return {};
  if (!isPlainObject(input)) {
    issues.add(path, `must be an object of name → text value, found ${describeValue(input)}`);
    return {};
  }
  const entries: [string, string][] = [];
  for (const [name, value] of Object.entries(input)) {
    const entryPath = childPath(path, name);
    if (typeof value !== "string") {
      issues.add(entryPath, `must be a text value, found ${describeValue(value)}`);
      continue;
    }
    checkEntry(name, value, entryPath, issues);
    entries.push([name, value]);
  }
  return objectFrom(entries);
}

function checkHeaderEntry(names: ParameterNames, secretHeaders: ReadonlySet<string>): EntryCheck {
  const seen = new Map<string, string>();
  return (name, value, path, issues) => {
    if (!HEADER_NAME_PATTERN.test(name)) {
      issues.add(path, `"${name}" is not a valid header name: use letters, digits and - (no spaces, colons or placeholders)`);
    } else if (RESERVED_HEADER_NAMES.has(name.toLowerCase())) {
      issues.add(path, `"${name}" cannot be a header name: JavaScript objects reserve it, so its value would be lost; no HTTP API needs it`);
    }
    const earlier = seen.get(name.toLowerCase());
    if (earlier !== undefined) issues.add(path, `repeats the header "${earlier}" (header names ignore case): keep one`);
    seen.set(name.toLowerCase(), name);
    // Placeholders are checked when rendered; what is literal can be judged now, not at every call.
    // The message names the kind of problem, never the characters: the value may be a secret.
    const problem = headerValueProblem(withoutPlaceholders(value));
    if (problem) issues.add(path, `${problem}: a header value must be one line of Latin-1 text`);
    // A secret value may not hold placeholders at all (secret-headers.ts refuses that without
    // quoting it); naming what looks like one here would echo part of a credential.
    if (!secretHeaders.has(name.toLowerCase())) checkPlaceholders(value, path, names, issues);
  };
}

function checkQueryEntry(names: ParameterNames, secretQuery: ReadonlySet<string>): EntryCheck {
  return (name, value, path, issues) => {
    if (name === "") issues.add(path, "a query parameter needs a name");
    if (hasPlaceholder(name)) issues.add(path, "placeholders are allowed in query values only, not in names");
    // As for secret headers: a secret value's placeholders are refused without quoting it.
    if (!secretQuery.has(name)) checkPlaceholders(value, path, names, issues);
  };
}

function readBody(input: unknown, path: string, names: ParameterNames, issues: Issues): JsonValue {
  if (input === undefined) return null;
  const body = toJsonValue(input, path, issues);
  checkBodyPlaceholders(body, path, names, issues);
  return body;
}

function checkBodyPlaceholders(value: JsonValue, path: string, names: ParameterNames, issues: Issues): void {
  if (typeof value === "string") checkPlaceholders(value, path, names, issues);
  else if (Array.isArray(value)) value.forEach((item, index) => checkBodyPlaceholders(item, childPath(path, index), names, issues));
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const itemPath = childPath(path, key);
      if (hasPlaceholder(key)) issues.add(itemPath, "placeholders are allowed in body values only, not in keys");
      checkBodyPlaceholders(item, itemPath, names, issues);
    }
  }
}
