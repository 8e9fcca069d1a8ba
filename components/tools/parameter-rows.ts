/**
 * A parameters schema as the rows of the Parameters tab: every top-level parameter, and below it,
 * indented, the fields of its nested objects and of its array items, however deep. An array's
 * items get a row of their own (`tags[]`) only when they say something beyond their type (a
 * description, an enum, bounds…); otherwise the array's row already reads `array<string>`.
 */
import type { JsonSchema, ObjectSchema } from "@/lib/tools/client";

export interface ParameterRow {
  /** Where the field sits, unique in the table: `customer.email`, `lines[].sku`, `tags[]`. */
  readonly path: string;
  /** The part of `path` above the field (`lines[].`), empty for a top-level parameter. */
  readonly parent: string;
  /** The field's own name (`sku`), or `[]` for an array's items. */
  readonly name: string;
  /** 0 for a top-level parameter, one more for each level of nesting shown. */
  readonly depth: number;
  /** `string`, `object`, `array<object>`… */
  readonly type: string;
  /** Whether the field must be given; null for an array's items (they are not a named field). */
  readonly required: boolean | null;
  readonly description: string | null;
  /** The keywords beyond type and description, compactly: `enum: ["a","b"]`, `minimum: 1`… */
  readonly constraints: readonly string[];
}

const STRUCTURE_KEYWORDS = new Set(["type", "description", "items", "properties", "required"]);

/** "array<string>", "object", "string" — the type as an operator reads it. */
export function typeLabel(schema: JsonSchema): string {
  const items = itemsOf(schema);
  return items ? `array<${typeLabel(items)}>` : schema.type;
}

/** Every keyword of `schema` beyond its structure, as `keyword: JSON`. */
export function constraintsOf(schema: JsonSchema): string[] {
  return Object.entries(schema)
    .filter(([keyword]) => !STRUCTURE_KEYWORDS.has(keyword))
    .map(([keyword, value]) => `${keyword}: ${JSON.stringify(value)}`);
}

/** The rows of `schema`'s parameters, each followed by its nested fields; see the module comment. */
export function parameterRows(schema: ObjectSchema): ParameterRow[] {
  return fieldRows(schema, "", 0);
}

function fieldRows(schema: JsonSchema, parent: string, depth: number): ParameterRow[] {
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(propertiesOf(schema)).flatMap(([name, property]) => {
    const path = `${parent}${name}`;
    return [row(property, { path, parent, name, depth, required: required.has(name) }), ...nestedRows(property, path, depth + 1)];
  });
}

/** The rows inside `schema` (an object's fields, an array's items), at `depth`. */
function nestedRows(schema: JsonSchema, path: string, depth: number): ParameterRow[] {
  const items = itemsOf(schema);
  if (!items) return fieldRows(schema, `${path}.`, depth);
  const itemPath = `${path}[]`;
  if (typeof items.description !== "string" && constraintsOf(items).length === 0) return nestedRows(items, itemPath, depth);
  return [row(items, { path: itemPath, parent: path, name: "[]", depth, required: null }), ...nestedRows(items, itemPath, depth + 1)];
}

function row(schema: JsonSchema, place: Pick<ParameterRow, "path" | "parent" | "name" | "depth" | "required">): ParameterRow {
  return {
    ...place,
    type: typeLabel(schema),
    description: typeof schema.description === "string" ? schema.description : null,
    constraints: constraintsOf(schema),
  };
}

function itemsOf(schema: JsonSchema): JsonSchema | null {
  return schema.type === "array" && isSchema(schema.items) ? schema.items : null;
}

function propertiesOf(schema: JsonSchema): Readonly<Record<string, JsonSchema>> {
  if (schema.type !== "object" || typeof schema.properties !== "object" || schema.properties === null) return {};
  return Object.fromEntries(Object.entries(schema.properties).filter((entry): entry is [string, JsonSchema] => isSchema(entry[1])));
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as { type?: unknown }).type === "string";
}
