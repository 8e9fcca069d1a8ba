/**
 * Rendering (SPEC §1.5 step 2): turns a request template and validated arguments into the request
 * to send. Placeholders in the URL path are percent-encoded so an argument can never add a segment
 * or reach the query; query entries are URL-encoded, a list argument repeating its key or joined as
 * `query_style` says; header values are text and refused when they could inject a header line; a
 * form body is urlencoded field by field (SPEC §1.8). Secret headers and secret query entries are
 * left out here: their values are injected at the last moment by the executor, never rendered.
 *
 * Absent values (an optional argument not given, or a `{{ctx.x}}` the turn did not supply) are
 * treated alike: a query entry or header whose whole value is that placeholder is dropped, a body
 * property whose whole value is that placeholder is omitted (null inside an array), and anywhere
 * else the placeholder renders as empty text — except in the URL path, where an absent value or
 * an empty segment would send the request to another endpoint, so it is refused. (Authoring
 * already requires a path parameter to be required; a turn may still lack a `ctx` field.)
 */
import type { ValidationIssue } from "../../errors";
import { toWellFormedText } from "../../secrets";
import { headerValueProblem, isAbsent, secretHeaderNamesOf } from "../definition";
import { contextField, findPlaceholders, isContextReference, soleReference, type TurnContext } from "../placeholders";
import type { BodyFormat, HttpMethod, JsonValue, QueryStyle, ToolDefinition } from "../types";
import { xmlDocument, XmlBodyProblem } from "./xml-document";

/** The request as it will be sent, minus secret header values and secret query entries. */
export interface RenderedRequest {
  readonly method: HttpMethod;
  readonly url: URL;
  /** Rendered non-secret headers, including a default Content-Type for a body. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}

export type RenderOutcome =
  | { readonly ok: true; readonly request: RenderedRequest }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

type PlaceholderToken = { readonly reference: string };
type Token = string | PlaceholderToken;

interface Template {
  readonly tokens: readonly Token[];
  /** Set when the whole template is one placeholder, so the typed value can be used. */
  readonly sole: string | null;
  readonly hasPlaceholders: boolean;
}

/** A body compiled once per definition; subtrees without placeholders stay literal. */
type BodyNode =
  | { readonly kind: "literal"; readonly value: JsonValue }
  | { readonly kind: "text"; readonly template: Template }
  | { readonly kind: "array"; readonly items: readonly BodyNode[] }
  | { readonly kind: "object"; readonly entries: readonly (readonly [string, BodyNode])[] };

interface CompiledRequest {
  readonly origin: string;
  readonly pathSegments: readonly Template[];
  /**
   * Entries of the URL's own query string, names literal (authoring refuses placeholders there);
   * a null value is a bare `flag` entry without `=`.
   */
  readonly urlQuery: readonly (readonly [string, Template | null])[];
  readonly query: readonly (readonly [string, Template, QueryStyle])[];
  readonly headers: readonly (readonly [string, Template])[];
  readonly secretContentType: boolean;
  readonly body: BodyNode | null;
  readonly bodyFormat: BodyFormat;
}

type Values = { readonly args: Readonly<Record<string, unknown>>; readonly context: TurnContext };

const URL_PARTS = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)([^?#]*)(?:\?([^#]*))?/i;
const DOT_SEGMENTS = new Set([".", "..", "%2e", ".%2e", "%2e.", "%2e%2e"]);

function compileTemplate(template: string): Template {
  const tokens: Token[] = [];
  let last = 0;
  for (const placeholder of findPlaceholders(template)) {
    if (placeholder.index > last) tokens.push(template.slice(last, placeholder.index));
    tokens.push({ reference: placeholder.reference });
    last = placeholder.index + placeholder.raw.length;
  }
  if (last < template.length) tokens.push(template.slice(last));
  return { tokens, sole: soleReference(template), hasPlaceholders: tokens.some((token) => typeof token !== "string") };
}

function compileBody(value: JsonValue): BodyNode {
  if (typeof value === "string") {
    return value.includes("{{") ? { kind: "text", template: compileTemplate(value) } : { kind: "literal", value };
  }
  if (Array.isArray(value)) {
    const items = value.map(compileBody);
    return items.every((item) => item.kind === "literal") ? { kind: "literal", value } : { kind: "array", items };
  }
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).map(([key, item]) => [key, compileBody(item)] as const);
    return entries.every(([, item]) => item.kind === "literal") ? { kind: "literal", value } : { kind: "object", entries };
  }
  return { kind: "literal", value };
}

const isContentType = (name: string): boolean => name.toLowerCase() === "content-type";

const compiledRequests = new WeakMap<ToolDefinition, CompiledRequest>();

function compile(def: ToolDefinition): CompiledRequest {
  let compiled = compiledRequests.get(def);
  if (compiled) return compiled;
  const parts = URL_PARTS.exec(def.request.url);
  const [, origin = def.request.url, path = "", search] = parts ?? [];
  const secret = secretHeaderNamesOf(def);
  compiled = {
    origin,
    pathSegments: path.split("/").map(compileTemplate),
    urlQuery: (search ? search.split("&") : []).map((entry) => {
      const at = entry.indexOf("=");
      return at < 0 ? ([entry, null] as const) : ([entry.slice(0, at), compileTemplate(entry.slice(at + 1))] as const);
    }),
    query: Object.entries(def.request.query)
      .filter(([key]) => !def.secretQuery.includes(key))
      .map(([key, value]) => [key, compileTemplate(value), def.request.queryStyle[key] ?? "repeat"] as const),
    headers: Object.entries(def.request.headers)
      .filter(([name]) => !secret.has(name.toLowerCase()))
      .map(([name, value]) => [name, compileTemplate(value)] as const),
    secretContentType: def.secretHeaders.some(isContentType),
    body: def.request.body === null ? null : compileBody(def.request.body),
    bodyFormat: def.request.bodyFormat,
  };
  compiledRequests.set(def, compiled);
  return compiled;
}

function lookup(reference: string, values: Values): unknown {
  if (isContextReference(reference)) {
    const field = contextField(reference);
    return field ? values.context[field] : undefined;
  }
  return Object.hasOwn(values.args, reference) ? values.args[reference] : undefined;
}

/** How a typed value reads inside text: strings as they are, other scalars as written, objects as JSON. */
function asText(value: unknown): string {
  if (isAbsent(value)) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/** encodeURIComponent throws on lone surrogates (possible in JSON input); they become U+FFFD. */
function encode(text: string): string {
  return encodeURIComponent(toWellFormedText(text));
}

const asIs = (text: string): string => text;

function renderText(template: Template, values: Values, escape: (text: string) => string = asIs): string {
  let out = "";
  for (const token of template.tokens) {
    out += typeof token === "string" ? token : escape(asText(lookup(token.reference, values)));
  }
  return out;
}

/** What joins a list's items in one query value, per style (SPEC §1.8; OpenAPI's form, spaceDelimited, pipeDelimited). */
const QUERY_JOINERS: Readonly<Record<Exclude<QueryStyle, "repeat">, string>> = { comma: ",", space: "%20", pipe: "|" };

/**
 * Adds `key=value` pairs for one query entry: none when its sole placeholder is absent or an empty
 * list; for a list, one pair per item (`repeat`) or one pair of the items joined by `style`.
 */
function addQueryPairs(pairs: string[], key: string, template: Template, values: Values, style: QueryStyle = "repeat"): void {
  if (template.sole !== null) {
    const value = lookup(template.sole, values);
    if (isAbsent(value)) return;
    if (Array.isArray(value)) {
      const items = value.map((item) => encode(asText(item)));
      if (style === "repeat") for (const item of items) pairs.push(`${key}=${item}`);
      else if (items.length > 0) pairs.push(`${key}=${items.join(QUERY_JOINERS[style])}`);
      return;
    }
  }
  pairs.push(`${key}=${renderText(template, values, encode)}`);
}

/** Why a path segment holding placeholders cannot be sent as rendered, or null. */
function pathSegmentProblem(segment: Template, rendered: string, values: Values): string | null {
  const absent = segment.tokens.find(
    (token): token is PlaceholderToken => typeof token !== "string" && isAbsent(lookup(token.reference, values)),
  );
  if (absent) return `{{${absent.reference}}} has no value, and the URL path needs one: without it the request would go to another endpoint`;
  if (rendered === "") return "an argument renders an empty path segment, which would change the request path";
  if (DOT_SEGMENTS.has(rendered.toLowerCase())) {
    return `an argument renders the path segment "${rendered}", which would change the request path`;
  }
  return null;
}

function renderPath(compiled: CompiledRequest, values: Values, issues: ValidationIssue[]): string {
  let path = "";
  compiled.pathSegments.forEach((segment, index) => {
    const rendered = renderText(segment, values, encode);
    const problem = segment.hasPlaceholders ? pathSegmentProblem(segment, rendered, values) : null;
    if (problem) issues.push({ path: "request.url", message: problem });
    path += index === 0 ? rendered : `/${rendered}`;
  });
  return path;
}

function renderQuery(compiled: CompiledRequest, values: Values): string {
  const pairs: string[] = [];
  for (const [key, value] of compiled.urlQuery) {
    if (value === null) pairs.push(key);
    else addQueryPairs(pairs, key, value, values);
  }
  for (const [key, value, style] of compiled.query) {
    // A map value is plain text, so literal parts are encoded too, not only the placeholders.
    if (value.sole === null) pairs.push(`${encode(key)}=${encode(renderText(value, values))}`);
    else addQueryPairs(pairs, encode(key), value, values, style);
  }
  return pairs.join("&");
}

function renderHeaders(compiled: CompiledRequest, values: Values, issues: ValidationIssue[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, template] of compiled.headers) {
    if (template.sole !== null && isAbsent(lookup(template.sole, values))) continue;
    const value = renderText(template, values);
    const problem = headerValueProblem(value);
    if (problem) issues.push({ path: `request.headers.${name}`, message: `${problem} after rendering; refused` });
    else headers[name] = value;
  }
  return headers;
}

/** Renders a body node; `undefined` means "omit" (an absent sole placeholder). */
function renderBody(node: BodyNode, values: Values): unknown {
  switch (node.kind) {
    case "literal":
      return node.value;
    case "text":
      return node.template.sole !== null ? lookup(node.template.sole, values) : renderText(node.template, values);
    case "array":
      return node.items.map((item) => renderBody(item, values) ?? null);
    case "object": {
      const entries: [string, unknown][] = [];
      for (const [key, item] of node.entries) {
        const rendered = renderBody(item, values);
        if (rendered !== undefined) entries.push([key, rendered]);
      }
      // fromEntries defines own properties, so a key like __proto__ stays a key.
      return Object.fromEntries(entries);
    }
  }
}

/**
 * The fields of a form value as name/value pairs (SPEC §1.8): a list repeats its name (`k=a&k=b`),
 * or indexes it (`k[0][a]=…`) when it holds objects or lists; an object nests (`k[sub]=v`, OpenAPI's
 * deepObject, Stripe's bracket style); an absent value or null leaves the field out.
 */
function addFormFields(fields: [string, string][], name: string, value: unknown): void {
  if (isAbsent(value)) return;
  if (Array.isArray(value)) {
    const flat = value.every((item) => item === null || typeof item !== "object");
    value.forEach((item, index) => addFormFields(fields, flat ? name : `${name}[${index}]`, item));
  } else if (typeof value === "object") {
    for (const [key, item] of Object.entries(value as object)) addFormFields(fields, `${name}[${key}]`, item);
  } else {
    fields.push([name, asText(value)]);
  }
}

/** A rendered body on the wire: form fields urlencoded, elements as XML, a string as text, anything else as JSON. @throws XmlBodyProblem */
function encodeBody(rendered: unknown, format: BodyFormat, template: JsonValue): { text: string; contentType: string } {
  if (format === "xml") return { text: xmlDocument(rendered, Object.keys(template as object)[0]!), contentType: "application/xml" };
  if (format === "form") {
    const fields: [string, string][] = [];
    for (const [name, value] of Object.entries(rendered as object)) addFormFields(fields, name, value);
    return { text: new URLSearchParams(fields).toString(), contentType: "application/x-www-form-urlencoded" };
  }
  if (typeof rendered === "string") return { text: rendered, contentType: "text/plain; charset=utf-8" };
  return { text: JSON.stringify(rendered), contentType: "application/json" };
}

/**
 * Renders `def.request` with `args` (already validated) and the turn context. Every problem is
 * reported at once. A form body is sent urlencoded (`application/x-www-form-urlencoded` unless a
 * Content-Type is set), an XML body as a document (`application/xml` unless set); otherwise a body that renders to a string is sent as text (`text/plain`
 * unless set) and any other body as JSON (`application/json` unless set).
 */
export function renderRequest(def: ToolDefinition, args: Readonly<Record<string, unknown>>, context: TurnContext = {}): RenderOutcome {
  const compiled = compile(def);
  const values: Values = { args, context };
  const issues: ValidationIssue[] = [];
  const path = renderPath(compiled, values, issues);
  const query = renderQuery(compiled, values);
  const headers = renderHeaders(compiled, values, issues);
  let url: URL | null = null;
  try {
    url = new URL(`${compiled.origin}${path}${query ? `?${query}` : ""}`);
  } catch {
    issues.push({ path: "request.url", message: "does not render to a valid URL" });
  }
  if (issues.length > 0 || !url) return { ok: false, issues };

  let body: string | null = null;
  const rendered = compiled.body === null ? undefined : renderBody(compiled.body, values);
  if (rendered !== undefined && rendered !== null) {
    let encoded: { text: string; contentType: string };
    try {
      encoded = encodeBody(rendered, compiled.bodyFormat, def.request.body);
    } catch (error) {
      if (!(error instanceof XmlBodyProblem)) throw error;
      return { ok: false, issues: [{ path: "request.body", message: error.message }] };
    }
    body = encoded.text;
    if (!compiled.secretContentType && !Object.keys(headers).some(isContentType)) headers["Content-Type"] = encoded.contentType;
  }
  return { ok: true, request: { method: def.request.method, url, headers, body } };
}
