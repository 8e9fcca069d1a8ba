/**
 * OpenAPI / Swagger schemas → the safe JSON Schema subset (SPEC §1.3), only where the conversion
 * is lossless (docs/importers.md "Schemas"). Anything that cannot be expressed throws
 * NotImportable naming the place, so an operation is refused rather than imported wrong.
 *
 * The input is already dereferenced by swagger-parser with circular references left as `$ref`:
 * a `$ref` met here is a cycle, reported, never followed. Work is bounded by a node budget shared
 * by one operation, so a document of deeply shared schemas cannot make the import hang.
 */
import type { JsonSchema } from "../../tools";
import { isRecord, NotImportable } from "./not-importable";

const MAX_DEPTH = 24;
/** Schema nodes one operation may convert. */
export const SCHEMA_NODE_BUDGET = 5000;

/** Keywords copied as written (JSON Schema keywords every subset consumer understands). */
const KEPT_KEYWORDS = [
  "title", "description", "enum", "const", "default", "examples", "format", "pattern", "minLength", "maxLength",
  "minimum", "maximum", "multipleOf", "minItems", "maxItems", "uniqueItems", "minProperties", "maxProperties",
] as const;
const SUBSET_TYPES = new Set(["object", "array", "string", "number", "integer", "boolean"]);

/** Shared by every schema of one operation: how many nodes may still be converted. */
export interface SchemaBudget {
  nodes: number;
}

/**
 * Which way the values go: a `request` schema describes what a tool sends (parameters, bodies), a
 * `response` schema what it receives (an output schema). A request drops `readOnly` properties and
 * `nullable` (the tool never sends null); a response drops `writeOnly` ones and refuses a value that
 * may be null, because the subset has one type per value and every result is checked against it.
 */
export type SchemaSide = "request" | "response";

/** One conversion: the operation's shared budget, the side it describes, and where a request's remarks go. */
interface Conversion {
  readonly budget: SchemaBudget;
  readonly side: SchemaSide;
  readonly warnings: string[];
}

const cannotExpress = (run: Conversion) => `which ${run.side === "request" ? "a tool parameter" : "an output schema"} cannot express`;

/** A fresh budget for one operation. */
export function schemaBudget(): SchemaBudget {
  return { nodes: SCHEMA_NODE_BUDGET };
}

/**
 * `schema` (an OpenAPI 3.x / 3.1 or Swagger 2.0 schema object) in the safe subset. `where` names
 * the schema in messages ("request body", "query parameter limit"); `side` says which way its
 * values go ({@link SchemaSide}). A request schema may be loosened where nothing an API accepts
 * is lost — a union of scalars sent as the one type that carries them all, an optional property
 * that cannot be expressed left out — and `warnings` receives each such change.
 *
 * @throws NotImportable when the schema cannot be expressed without loss.
 */
export function toSubsetSchema(schema: unknown, where: string, budget: SchemaBudget, side: SchemaSide = "request", warnings: string[] = []): JsonSchema {
  return convert(schema, where, { budget, side, warnings }, 0);
}

function convert(input: unknown, where: string, run: Conversion, depth: number): JsonSchema {
  run.budget.nodes -= 1;
  if (run.budget.nodes < 0) throw new NotImportable(`its schemas are too large to convert (over ${SCHEMA_NODE_BUDGET} schema nodes)`);
  if (depth > MAX_DEPTH) throw new NotImportable(`${where} is nested more than ${MAX_DEPTH} levels deep`);
  if (!isRecord(input)) throw new NotImportable(`${where} allows any value, ${cannotExpress(run)}`);
  if (typeof input.$ref === "string") throw unresolved(where, input.$ref);
  if (input.not !== undefined) throw new NotImportable(`${where} uses "not", ${cannotExpress(run)}`);
  const schema = withoutAlternatives(input, where, run);
  if (Array.isArray(schema.allOf)) return convert(mergeAllOf(schema, where, run), where, run, depth + 1);
  if (run.side === "response" && mayBeNull(schema)) throw new NotImportable(`${where} may be null, ${cannotExpress(run)} (one type per value)`);
  const type = typeOf(schema, where, run);
  const output: Record<string, unknown> = { type };
  for (const keyword of KEPT_KEYWORDS) if (schema[keyword] !== undefined) output[keyword] = schema[keyword];
  if (output.examples === undefined && schema.example !== undefined) output.examples = [schema.example];
  if (Array.isArray(output.enum)) output.enum = output.enum.filter((value) => value !== null);
  exclusiveBounds(schema, output);
  if (type === "array") {
    if (schema.items === undefined) throw new NotImportable(`${where} is a list without an item schema`);
    output.items = convert(schema.items, `${where} items`, run, depth + 1);
  }
  if (type === "object") Object.assign(output, objectParts(schema, where, run, depth));
  return output as JsonSchema;
}

/**
 * `oneOf`/`anyOf` where every member but one is `{type: "null"}` is the nullable idiom: the one
 * member stands for the whole (for a request: a response value that may be null is refused).
 * For a request, a member that is only the empty string (`{"type": "string", "enum": [""]}`,
 * Stripe's "unset" idiom) is dropped the same way: the tool sends the other shape. Identical
 * members count as one. Anything else has distinct shapes.
 */
function withoutAlternatives(schema: Record<string, unknown>, where: string, run: Conversion): Record<string, unknown> {
  let current = schema;
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const members = current[keyword];
    if (!Array.isArray(members)) continue;
    if (run.side === "response" && members.some(isNullSchema)) throw new NotImportable(`${where} may be null, ${cannotExpress(run)} (one type per value)`);
    const shapes = distinct(members.filter((member) => !isNullSchema(member) && !(run.side === "request" && isEmptyTextSchema(member) && members.length > 1)));
    const carrier = shapes.length > 1 && run.side === "request" ? scalarCarrier(shapes) : null;
    if (carrier !== null) run.warnings.push(`${capitalised(where)} accepts ${shapes.map(scalarName).join(" or ")}: the tool sends it as ${carrier.type === "string" ? "text" : "a number"}.`);
    else if (shapes.length !== 1) throw new NotImportable(`${where} uses ${keyword} with ${shapes.length} distinct shapes, ${cannotExpress(run)}`);
    const { [keyword]: _dropped, ...rest } = current;
    current = { ...rest, allOf: [...(Array.isArray(rest.allOf) ? rest.allOf : []), carrier ?? shapes[0]] };
  }
  return current;
}

/**
 * The one scalar type that carries every member of a union of scalars (Telegram's `chat_id`:
 * integer or string; Stripe's `trial_end`: "now" or a timestamp): text when one member is text —
 * every other scalar is accepted written as text then — else a number when all are numbers
 * (integer when all are integers). Null when a member is an object or a list, or no member
 * carries the others (a boolean or a number). The members' own constraints are not kept: each
 * holds for its member only.
 */
function scalarCarrier(shapes: readonly unknown[]): { type: string; description?: string } | null {
  const types = shapes.map((shape) => (isRecord(shape) && !isRecord(shape.properties) && shape.items === undefined ? scalarType(shape) : undefined));
  if (types.some((type) => type === undefined)) return null;
  const type = types.includes("string") ? "string" : types.every((candidate) => candidate === "integer") ? "integer" : types.every((candidate) => candidate === "integer" || candidate === "number") ? "number" : null;
  if (type === null) return null;
  const described = shapes.map((shape) => (isRecord(shape) && typeof shape.description === "string" ? shape.description.trim() : "")).filter((text) => text !== "");
  return described.length === 0 ? { type } : { type, description: [...new Set(described)].join(" Or: ") };
}

function scalarType(shape: Record<string, unknown>): string | undefined {
  const type = typeof shape.type === "string" ? shape.type : inferredType(shape);
  return type !== undefined && type !== "object" && type !== "array" && SUBSET_TYPES.has(type) ? type : undefined;
}

/** A union member in words: its enum values when it lists them, else its type. */
function scalarName(shape: unknown): string {
  const schema = shape as Record<string, unknown>;
  const values = Array.isArray(schema.enum) ? schema.enum.filter((value) => value !== null) : [];
  if (values.length > 0 && values.length <= 3) return values.map((value) => JSON.stringify(value)).join(", ");
  return `${scalarType(schema) === "integer" ? "an integer" : scalarType(schema) === "number" ? "a number" : scalarType(schema) === "boolean" ? "a boolean" : "text"}`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `allOf` merged into one schema: object members' properties and `required` united; equal duplicates allowed. */
function mergeAllOf(schema: Record<string, unknown>, where: string, run: Conversion): Record<string, unknown> {
  const { allOf, ...base } = schema;
  const merged: Record<string, unknown> = { ...base };
  const properties: Record<string, unknown> = isRecord(base.properties) ? { ...base.properties } : {};
  const required = new Set<string>(Array.isArray(base.required) ? (base.required as string[]) : []);
  for (const member of allOf as unknown[]) {
    if (!isRecord(member)) throw new NotImportable(`${where} has an allOf member that is not a schema`);
    if (typeof member.$ref === "string") throw unresolved(where, member.$ref);
    const inner = withoutAlternatives(member, where, run);
    const flat = Array.isArray(inner.allOf) ? mergeAllOf(inner, where, run) : inner;
    for (const [key, value] of Object.entries(flat)) {
      if (key === "properties" && isRecord(value)) {
        for (const [name, property] of Object.entries(value)) {
          if (name in properties && !sameJson(properties[name], property)) {
            throw new NotImportable(`${where} combines (allOf) two different definitions of the property ${name}`);
          }
          properties[name] = property;
        }
      } else if (key === "required" && Array.isArray(value)) {
        for (const name of value) if (typeof name === "string") required.add(name);
      } else if (key === "type" || KEPT_KEYWORDS.includes(key as (typeof KEPT_KEYWORDS)[number]) || key === "items" || key === "additionalProperties") {
        if (merged[key] !== undefined && !sameJson(merged[key], value) && key !== "description" && key !== "title") {
          throw new NotImportable(`${where} combines (allOf) conflicting values of ${key}`);
        }
        merged[key] ??= value;
      } else if (key === "nullable" || key === "readOnly" || key === "writeOnly") {
        merged[key] ??= value;
      }
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

/** The one subset type: for a request, `nullable` and a `"null"` in a type list are dropped (the tool never sends null). */
function typeOf(schema: Record<string, unknown>, where: string, run: Conversion): string {
  const declared = Array.isArray(schema.type) ? schema.type.filter((type) => type !== "null") : schema.type === undefined ? [] : [schema.type];
  if (declared.length > 1) throw new NotImportable(`${where} allows several types (${declared.join(", ")}), ${cannotExpress(run)}`);
  const type = declared[0] ?? inferredType(schema);
  if (type === undefined) throw new NotImportable(`${where} declares no type`);
  if (typeof type !== "string" || !SUBSET_TYPES.has(type)) throw new NotImportable(`${where} has the type ${String(type)}, ${cannotExpress(run)}`);
  return type;
}

/** The type a schema without `type` implies: object from properties, array from items, string from a string enum. */
export function inferredType(schema: Record<string, unknown>): string | undefined {
  if (isRecord(schema.properties) || schema.additionalProperties !== undefined) return "object";
  if (schema.items !== undefined) return "array";
  const values = Array.isArray(schema.enum) ? schema.enum.filter((value) => value !== null) : [];
  if (values.length > 0 && values.every((value) => typeof value === "string")) return "string";
  return undefined;
}

/** OpenAPI 3.0 / Swagger 2.0 write `exclusiveMinimum: true` beside `minimum`; JSON Schema wants the number. */
function exclusiveBounds(schema: Record<string, unknown>, output: Record<string, unknown>): void {
  for (const [exclusive, bound] of [["exclusiveMinimum", "minimum"], ["exclusiveMaximum", "maximum"]] as const) {
    const value = schema[exclusive];
    if (typeof value === "number") output[exclusive] = value;
    if (value === true && typeof schema[bound] === "number") {
      output[exclusive] = schema[bound];
      delete output[bound];
    }
  }
}

/** The side's hidden properties: a caller never sends `readOnly` ones, a server never returns `writeOnly` ones. */
const HIDDEN_FLAG = { request: "readOnly", response: "writeOnly" } as const;

function objectParts(schema: Record<string, unknown>, where: string, run: Conversion, depth: number): Record<string, unknown> {
  const parts: Record<string, unknown> = {};
  const properties: Record<string, JsonSchema> = {};
  const declaredRequired = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [name, property] of Object.entries(isRecord(schema.properties) ? schema.properties : {})) {
    if (isRecord(property) && property[HIDDEN_FLAG[run.side]] === true) continue;
    const conversion = () => convert(property, `${where}.${name}`, run, depth + 1);
    const converted = run.side === "request" && !declaredRequired.has(name) ? whenExpressible(conversion, run, "Left out, as it is optional and a tool cannot send it") : conversion();
    if (converted !== null) properties[name] = converted;
  }
  parts.properties = properties;
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === "string" && name in properties) : [];
  if (required.length > 0) parts.required = required;
  const additional = schema.additionalProperties;
  if (typeof additional === "boolean") parts.additionalProperties = additional;
  else if (isRecord(additional)) {
    const extra = () => (Object.keys(additional).length === 0 ? true : convert(additional, `${where} (additional properties)`, run, depth + 1));
    // A request that may hold extra keys the subset cannot describe still may: the API judges them.
    parts.additionalProperties = run.side === "request" ? (whenExpressible(extra, run, "Extra keys are offered as any value") ?? true) : extra();
  }
  return parts;
}

/**
 * A request's optional part converted, or null — with a warning (`what` happened, and why) — when
 * it cannot be expressed: a tool that sends everything else still does what the operation is for.
 * A schema over the operation's node budget is not a part to leave out.
 */
function whenExpressible<T>(conversion: () => T, run: Conversion, what: string): T | null {
  const warnings = run.warnings.length;
  try {
    return conversion();
  } catch (error) {
    if (!(error instanceof NotImportable) || run.budget.nodes < 0) throw error;
    run.warnings.length = warnings;
    run.warnings.push(`${what}: ${error.reason}.`);
    return null;
  }
}

/** A `$ref` left by the dereference: a cycle, or an external document, which is never read. */
function unresolved(where: string, ref: string): NotImportable {
  return ref.startsWith("#")
    ? new NotImportable(`${where} is circular (it refers back to ${ref})`)
    : new NotImportable(`${where} refers to another document (${ref}), which the import does not read`);
}

/** A value of `schema` may be null: `nullable`, `"null"` among its types, or null among its values. */
function mayBeNull(schema: Record<string, unknown>): boolean {
  return schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes("null")) || (Array.isArray(schema.enum) && schema.enum.includes(null));
}

/** Only the empty string: `{"type": "string", "enum": [""]}`. */
export function isEmptyTextSchema(schema: unknown): boolean {
  return isRecord(schema) && schema.type === "string" && Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === "";
}

export function isNullSchema(schema: unknown): boolean {
  return isRecord(schema) && (schema.type === "null" || (Array.isArray(schema.enum) && schema.enum.length === 1 && schema.enum[0] === null));
}

/** `members` with deep-equal duplicates left out, first seen kept. */
export function distinct<T>(members: readonly T[]): T[] {
  const seen: T[] = [];
  for (const member of members) if (!seen.some((other) => sameJson(other, member))) seen.push(member);
  return seen;
}

/** Deep equality of JSON-like values (the documents are dereferenced trees, cycles left as `$ref`). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
