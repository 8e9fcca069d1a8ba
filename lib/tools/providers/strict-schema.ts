/**
 * Strict variants of a parameters schema — OpenAI's Structured Outputs and Anthropic's strict tool
 * use — generated from the stored schema, which never changes. Both providers sample arguments
 * from a grammar compiled from the schema, so both need every object closed
 * (`additionalProperties: false`) and take only part of JSON Schema: what a dialect does not take
 * moves into the description as a sentence (keyword-notes.ts), where the model still reads it,
 * and Quiver keeps checking every call against the stored schema. OpenAI also needs every property
 * listed in `required`: an optional one becomes nullable (`type: [t, "null"]`, null added to an
 * enum), and `argumentsFromStrict` turns the null a model then sends back into an absent key.
 *
 * A schema that cannot be said so has no strict variant, and the reason names where and why:
 * an object open to keys it does not declare (a free-form object, a map, `additionalProperties`
 * other than false) — closing it would forbid what the tool accepts; an optional property that
 * already accepts null (OpenAI could not tell null from "not given"); a tuple of items; a limit
 * of the dialect (nesting, counts, sizes).
 */
import { childPath } from "../definition";
import { keywordSentence, withSentences } from "./keyword-notes";
import { isSchemaObject, propertiesOf, type SchemaObject } from "./schema-walk";
import type { CompatibilityFinding } from "./types";

/** One provider's strict mode: what it keeps as written, and how it treats optional properties. */
export interface StrictDialect {
  readonly provider: "openai" | "anthropic";
  /** How remarks name it: "OpenAI strict mode". */
  readonly label: string;
  /** Whether `keyword` (holding `value`, in a schema of `type`) stays as written. */
  keeps(keyword: string, value: unknown, type: unknown): boolean;
  /** Every property required, optional ones made nullable (OpenAI); otherwise optional ones stay optional. */
  readonly allRequired: boolean;
  /** The most levels of nested objects it takes, the root being level 1. */
  readonly maxObjectDepth?: number;
  /** A limit the finished schema breaks, or null. */
  limitProblem?(schema: SchemaObject): StrictRefusal | null;
}

/** Why a schema has no strict variant: where (a dotted path from the tool) and a sentence. */
export interface StrictRefusal {
  readonly path: string;
  readonly reason: string;
}

export type StrictSchema =
  | {
      readonly ok: true;
      readonly schema: Record<string, unknown>;
      /** Each keyword moved into a description or removed. */
      readonly changes: readonly CompatibilityFinding[];
      /** Properties not in their object's `required` in the stored schema. */
      readonly optionalCount: number;
    }
  | ({ readonly ok: false } & StrictRefusal);

/** Keywords the conversion itself rebuilds. */
const STRUCTURAL = new Set(["type", "description", "properties", "required", "additionalProperties", "items", "nullable"]);

class NotExpressible extends Error {
  constructor(readonly refusal: StrictRefusal) {
    super(refusal.reason);
  }
}

/** `parameters` in `dialect`'s strict form, or why it cannot be. */
export function strictSchema(parameters: SchemaObject, dialect: StrictDialect): StrictSchema {
  const changes: CompatibilityFinding[] = [];
  const counts = { optional: 0 };
  try {
    const schema = convert(parameters, "parameters", 1, { dialect, changes, counts });
    const limit = dialect.limitProblem?.(schema) ?? null;
    if (limit) return { ok: false, ...limit };
    return { ok: true, schema, changes, optionalCount: counts.optional };
  } catch (error) {
    if (error instanceof NotExpressible) return { ok: false, ...error.refusal };
    throw error;
  }
}

interface Walk {
  readonly dialect: StrictDialect;
  readonly changes: CompatibilityFinding[];
  readonly counts: { optional: number };
}

function refuse(path: string, reason: string): never {
  throw new NotExpressible({ path, reason });
}

function convert(schema: SchemaObject, path: string, depth: number, walk: Walk): Record<string, unknown> {
  const { dialect } = walk;
  const kept: Record<string, unknown> = {};
  const sentences: string[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    if (STRUCTURAL.has(keyword)) continue;
    if (dialect.keeps(keyword, value, schema.type)) {
      kept[keyword] = structuredClone(value);
      continue;
    }
    const sentence = keywordSentence(keyword, value);
    if (sentence !== null) sentences.push(sentence);
    const outcome = sentence === null ? "removed" : "it is stated in the description instead";
    walk.changes.push({ provider: dialect.provider, severity: "changed", path: childPath(path, keyword), message: `${dialect.label} does not take ${keyword}; ${outcome}.` });
  }
  const description = withSentences(schema, sentences);
  const out: Record<string, unknown> = {
    type: schema.nullable === true ? [schema.type, "null"] : schema.type,
    ...(description === undefined ? {} : { description }),
    ...kept,
  };
  if (schema.type === "object") Object.assign(out, convertObject(schema, path, depth, walk));
  if (schema.type === "array") {
    if (!isSchemaObject(schema.items)) refuse(childPath(path, "items"), "an array needs one items schema in strict mode");
    out.items = convert(schema.items, childPath(path, "items"), depth, walk);
  }
  return out;
}

function convertObject(schema: SchemaObject, path: string, depth: number, walk: Walk): Record<string, unknown> {
  const { dialect } = walk;
  if (dialect.maxObjectDepth !== undefined && depth > dialect.maxObjectDepth) {
    refuse(path, `it nests objects more than ${dialect.maxObjectDepth} levels deep, the most ${dialect.label} takes`);
  }
  const additional = schema.additionalProperties;
  if (additional !== undefined && additional !== false) {
    refuse(childPath(path, "additionalProperties"), "the object takes keys it does not declare; strict mode needs every key declared");
  }
  const properties = propertiesOf(schema);
  // The root without parameters is a tool that takes none; deeper down, an empty open object means "any keys".
  if (properties.length === 0 && additional === undefined && path !== "parameters") {
    refuse(path, "the object declares no properties, so any keys go; strict mode needs every key declared");
  }
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const converted: Record<string, unknown> = {};
  for (const [name, property] of properties) {
    const at = childPath(childPath(path, "properties"), name);
    let child = convert(property, at, depth + 1, walk);
    if (!required.has(name)) {
      walk.counts.optional += 1;
      if (dialect.allRequired) {
        if (property.nullable === true) refuse(at, `it is optional and also accepts null, and ${dialect.label} could not tell null from "not given"`);
        child = nullable(child);
      }
    }
    converted[name] = child;
  }
  const names = properties.map(([name]) => name);
  return {
    properties: converted,
    required: dialect.allRequired ? names : names.filter((name) => required.has(name)),
    additionalProperties: false,
  };
}

/** A schema that also admits null: `null` joins its type and its enum (a const becomes a two-value enum). */
function nullable(schema: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === "type") out.type = [value, "null"];
    else if (keyword === "enum" && Array.isArray(value)) out.enum = [...value, null];
    else if (keyword === "const") out.enum = [value, null];
    else out[keyword] = value;
  }
  return out;
}
