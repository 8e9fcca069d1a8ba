/**
 * Text as the operator types it ⇄ the JSON value a schema keyword holds. Each keyword's value has
 * a kind: a parameter's own type for `enum` and `default`, and a fixed kind per constraint
 * (`maxLength` counts, `multipleOf` is positive, `pattern` is raw text…). A value the form can
 * show is one whose text converts back to exactly that value; anything else stays in `extra`.
 */
import type { JsonValue } from "../types";
import type { ConstraintKeyword, ParameterType } from "./parameter-field";

/** What a keyword's text must convert to: a parameter type, a whole number ≥ 0, or a number > 0. */
export type ValueKind = ParameterType | "count" | "positive";

export const CONSTRAINT_KINDS: Readonly<Record<ConstraintKeyword, ValueKind>> = {
  minLength: "count",
  maxLength: "count",
  pattern: "string",
  format: "string",
  minimum: "number",
  maximum: "number",
  exclusiveMinimum: "number",
  exclusiveMaximum: "number",
  multipleOf: "positive",
  minItems: "count",
  maxItems: "count",
  uniqueItems: "boolean",
};

/** What each kind expects, for messages: "must be a whole number such as 12, found …". */
const EXPECTED: Readonly<Record<ValueKind, string>> = {
  string: "text",
  number: "a number such as 12 or 0.5",
  integer: "a whole number such as 12",
  boolean: "true or false",
  object: 'a JSON object such as {"key": "value"}',
  array: 'a JSON list such as ["a", "b"]',
  count: "a whole number, 0 or more",
  positive: "a number greater than 0",
};

/** JSON's number grammar: no hex, no Infinity, no stray text (which `Number()` would accept). */
const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

export type Conversion = { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly expected: string };

function number(text: string, accept: (value: number) => boolean): number | null {
  const trimmed = text.trim();
  if (!NUMBER_TEXT.test(trimmed)) return null;
  const value = Number(trimmed);
  // -0 is stored as 0 (toJsonValue does the same), so a definition equals its own round trip.
  return Number.isFinite(value) && accept(value) ? value + 0 : null;
}

function json(text: string, accept: (value: unknown) => boolean): JsonValue | null {
  try {
    const value: unknown = JSON.parse(text);
    return accept(value) ? (value as JsonValue) : null;
  } catch {
    return null;
  }
}

const isObject = (value: unknown) => typeof value === "object" && value !== null && !Array.isArray(value);

/** The value `text` stands for as `kind`, or what was expected instead. */
export function valueFromText(text: string, kind: ValueKind): Conversion {
  let value: JsonValue | null;
  switch (kind) {
    case "string":
      return { ok: true, value: text };
    case "number":
      value = number(text, () => true);
      break;
    case "integer":
      value = number(text, Number.isInteger);
      break;
    case "count":
      value = number(text, (candidate) => Number.isInteger(candidate) && candidate >= 0);
      break;
    case "positive":
      value = number(text, (candidate) => candidate > 0);
      break;
    case "boolean":
      value = text.trim() === "true" ? true : text.trim() === "false" ? false : null;
      break;
    case "object":
      value = json(text, isObject);
      break;
    case "array":
      value = json(text, Array.isArray);
      break;
  }
  return value === null ? { ok: false, expected: EXPECTED[kind] } : { ok: true, value };
}

/**
 * The text the form shows for `value` as `kind`, or null when no text converts back to exactly
 * `value` (e.g. 1.5 as an integer, a number as text): such a value is kept in `extra` instead.
 */
export function textFromValue(value: unknown, kind: ValueKind): string | null {
  const text = kind === "string" ? (typeof value === "string" ? value : null) : JSON.stringify(value);
  if (typeof text !== "string") return null;
  const back = valueFromText(text, kind);
  return back.ok && JSON.stringify(back.value) === JSON.stringify(value) ? text : null;
}
