/**
 * Form fields → JSON Schema. Only what the schema cannot carry is reported here: text that does
 * not convert (a default "abc" for a number, a maxLength "-1") and names that cannot be keys (blank
 * or repeated). Everything the schema can carry — a name against the name rule, a pattern that is
 * not a regular expression — is judged by `parseToolDefinition` on the result, the one validator.
 */
import type { ValidationIssue } from "../../errors";
import { canonicalSchema, childPath, objectFrom } from "../definition";
import type { JsonSchema, ObjectSchema } from "../types";
import { CONSTRAINT_KINDS, type Conversion, valueFromText, type ValueKind } from "./field-text";
import { CONSTRAINTS, type ParameterField } from "./parameter-field";

/** Where parseToolDefinition reports on the parameters schema. */
const ROOT_PATH = "parameters";

/**
 * The canonical parameters schema the fields describe, and the problems of text that could not
 * become part of it, each at the path `parseToolDefinition` uses for that keyword (e.g.
 * `parameters.properties.lines.items.properties.sku.default`; an enum value's problem is at
 * `….enum`). A field without a name has no such path: its problems use `#<position from 1>` in
 * place of the name (`parameters.properties.#3`). Text that does not convert, and fields with a
 * blank or repeated name, are left out of the schema. `root`, the schema the fields were read
 * from, lends its own keywords besides `properties` and `required` (e.g. `additionalProperties`).
 */
export function schemaFromFields(fields: readonly ParameterField[], root?: ObjectSchema): { schema: ObjectSchema; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const rootKeywords = Object.entries(root ?? {}).filter(([keyword]) => keyword !== "properties" && keyword !== "required");
  const schema = objectFrom([...rootKeywords, ...objectEntries(fields, ROOT_PATH, issues)]);
  return { schema: canonicalSchema(schema) as ObjectSchema, issues };
}

/** `type`, `properties` and (when any) `required` of an object whose properties are `fields`. */
function objectEntries(fields: readonly ParameterField[], path: string, issues: ValidationIssue[]): [string, unknown][] {
  const properties: [string, JsonSchema][] = [];
  const required: string[] = [];
  const named = new Set<string>();
  fields.forEach((field, index) => {
    const blank = field.name.trim() === "";
    const fieldPath = childPath(childPath(path, "properties"), blank ? `#${index + 1}` : field.name);
    if (blank) issues.push({ path: fieldPath, message: "needs a name: the model sends this value under it" });
    else if (named.has(field.name)) issues.push({ path: fieldPath, message: `"${field.name}" is declared twice: each property needs its own name` });
    // Converted even when left out, so every problem inside it is reported too.
    const schema = schemaFromField(field, fieldPath, issues);
    if (blank || named.has(field.name)) return;
    named.add(field.name);
    properties.push([field.name, schema]);
    if (field.required) required.push(field.name);
  });
  const entries: [string, unknown][] = [["type", "object"], ["properties", objectFrom(properties)]];
  return required.length > 0 ? [...entries, ["required", required]] : entries;
}

/** One field's schema: its `extra` keywords, overridden by the values the form sets. */
function schemaFromField(field: ParameterField, path: string, issues: ValidationIssue[]): JsonSchema {
  const set: [string, unknown][] = [["type", field.type]];
  const convert = (keyword: string, text: string, kind: ValueKind, problem: (expected: string) => string) => {
    const converted = valueFromText(text, kind);
    if (!converted.ok) issues.push({ path: childPath(path, keyword), message: problem(converted.expected) });
    return converted;
  };
  if (field.description !== "") set.push(["description", field.description]);
  const allowed = field.enumValues.map((text) => convert("enum", text, field.type, (expected) => `each allowed value must be ${expected}, found "${text}"`));
  if (allowed.length > 0 && allowed.every(isConverted)) set.push(["enum", allowed.map((value) => value.value)]);
  if (field.defaultValue !== "") {
    const fallback = convert("default", field.defaultValue, field.type, (expected) => `must be ${expected}, found "${field.defaultValue}"`);
    if (fallback.ok) set.push(["default", fallback.value]);
  }
  for (const keyword of CONSTRAINTS[field.type]) {
    const text = field.constraints[keyword] ?? "";
    if (text === "") continue;
    const bound = convert(keyword, text, CONSTRAINT_KINDS[keyword], (expected) => `must be ${expected}, found "${text}"`);
    if (bound.ok) set.push([keyword, bound.value]);
  }
  if (field.type === "array") {
    set.push(["items", field.items === null ? { type: "string" } : schemaFromField(field.items, childPath(path, "items"), issues)]);
  }
  if (field.type === "object") set.push(...objectEntries(field.properties, path, issues));
  return objectFrom([...Object.entries(field.extra), ...set]) as JsonSchema;
}

function isConverted(conversion: Conversion): conversion is Extract<Conversion, { ok: true }> {
  return conversion.ok;
}
