/**
 * "Make this a parameter" (docs/importers.md "curl"): a literal of a draft's URL path, query or
 * JSON body is replaced by a `{{placeholder}}` and the parameter is added — required, typed after
 * the literal, with the literal as its example. Browser-safe (the curl dialog runs it as the
 * operator clicks); the document carries no secret value.
 */
import { NameSet, snakeCase } from "../openapi/naming";
import type { CurlDocument } from "./parse-curl";

export type LiteralLocation = "path" | "query" | "body";

/** A literal the operator can turn into a parameter. */
export interface Literal {
  readonly location: LiteralLocation;
  /** Path segment index, query key, or the body path as keys and indexes. */
  readonly at: string | number | readonly (string | number)[];
  readonly value: string | number | boolean;
  /** The parameter name offered for it. */
  readonly suggestedName: string;
  /** How the dialog labels it: `path segment 2`, `query limit`, `body customer.email`. */
  readonly label: string;
}

const PLACEHOLDER = /^\{\{.*\}\}$/;

/** Every literal of the document's URL path, query and body, in that order. */
export function literalsOf(document: CurlDocument): Literal[] {
  const url = new URL(document.request.url);
  const segments = url.pathname.split("/");
  const literals: Literal[] = [];
  segments.forEach((segment, index) => {
    if (segment === "" || PLACEHOLDER.test(decodeURIComponent(segment))) return;
    const previous = segments.slice(0, index).reverse().find((part) => part !== "" && !part.includes("{{"));
    literals.push({ location: "path", at: index, value: decodeURIComponent(segment), suggestedName: snakeCase(previous ? `${singular(previous)}_id` : "id", "p"), label: `path segment ${decodeURIComponent(segment)}` });
  });
  for (const [key, value] of Object.entries(document.request.query)) {
    if (!value.includes("{{")) literals.push({ location: "query", at: key, value, suggestedName: snakeCase(key, "p"), label: `query ${key}` });
  }
  walkBody(document.request.body, [], literals);
  return literals;
}

function walkBody(value: unknown, path: (string | number)[], literals: Literal[]): void {
  if (Array.isArray(value)) return value.forEach((item, index) => walkBody(item, [...path, index], literals));
  if (typeof value === "object" && value !== null) return Object.entries(value).forEach(([key, item]) => walkBody(item, [...path, key], literals));
  if (typeof value === "string" && value.includes("{{")) return;
  if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return;
  const key = [...path].reverse().find((part) => typeof part === "string");
  literals.push({ location: "body", at: path, value, suggestedName: snakeCase(String(key ?? "value"), "p"), label: `body ${path.join(".") || "(whole body)"}` });
}

/**
 * The document with `literal` replaced by `{{name}}` and the parameter added. `name` is made
 * unique among the existing parameters (`_2`, `_3`…).
 */
export function makeParameter(document: CurlDocument, literal: Literal, name: string): CurlDocument {
  const parameter = new NameSet(Object.keys(document.parameters.properties)).claim(snakeCase(name, "p"));
  const placeholder = `{{${parameter}}}`;
  const request = { ...document.request };
  if (literal.location === "path") {
    const url = new URL(request.url);
    const segments = url.pathname.split("/");
    segments[literal.at as number] = placeholder;
    // Placeholders sit in the URL unencoded: the executor percent-encodes the value at call time.
    request.url = `${url.origin}${segments.join("/")}`;
  } else if (literal.location === "query") {
    request.query = { ...request.query, [literal.at as string]: placeholder };
  } else {
    request.body = replaceAt(request.body, literal.at as readonly (string | number)[], placeholder);
  }
  const type = typeof literal.value === "number" ? (Number.isInteger(literal.value) ? "integer" : "number") : typeof literal.value;
  return {
    ...document,
    request,
    parameters: {
      type: "object",
      properties: { ...document.parameters.properties, [parameter]: { type, examples: [literal.value] } },
      required: [...document.parameters.required, parameter],
    },
  };
}

function replaceAt(value: unknown, path: readonly (string | number)[], replacement: string): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaceAt(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head as string]: replaceAt(record[head as string], rest, replacement) };
}

function singular(word: string): string {
  return word.length > 3 && word.endsWith("s") ? word.slice(0, -1) : word;
}
