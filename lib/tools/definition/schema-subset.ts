/**
 * The safe JSON Schema subset for tool parameters (SPEC §1.3). Tools are offered to every model
 * provider, so ingestion accepts only what all of them understand and refuses the rest at
 * authoring time, with the location of each problem, instead of an opaque provider failure later.
 * Keywords outside the subset's concerns (`description`, `enum`, `minimum`, …) are kept as written.
 * The schema that comes out is canonical (`canonical-schema.ts`): keywords in one fixed order,
 * `properties` in the order written (parameter order is what forms display).
 */
import DRAFT_07_META_SCHEMA from "ajv/dist/refs/json-schema-draft-07.json" with { type: "json" };
import { type JsonValue, type ObjectSchema, SCHEMA_TYPES } from "../types";
import { ValidationError } from "../../errors";
import { canonicalSchema } from "./canonical-schema";
import {
  childPath,
  describeValue,
  isAbsent,
  isPlainObject,
  Issues,
  MAX_JSON_DEPTH,
  nameProblem,
  objectFrom,
  toJsonValue,
} from "./definition-input";
import { liftFlatParameters } from "./flat-parameters";
import type { PlaceholderScope } from "./placeholder-checks";
import { checkAgainstSchema } from "./schema-check";
import { schemaPatternProblem } from "./schema-pattern";

/** Keywords not every provider supports: refused wherever they appear. */
const FORBIDDEN_KEYWORDS = [
  "oneOf", "anyOf", "allOf", "not", "$ref", "if", "then", "else", "patternProperties", "dependencies",
  "dependentSchemas", "propertyNames", "unevaluatedProperties", "$defs", "definitions",
] as const;

/**
 * Schema identifiers: every tool's parameters are compiled by one shared ajv, where a second schema
 * with the same `$id` fails to compile, so one tool could break another. Refused wherever they appear.
 */
const IDENTIFIER_KEYWORDS = ["$id", "$anchor", "$dynamicAnchor", "$recursiveAnchor", "$dynamicRef", "$recursiveRef"] as const;
const identifiers: ReadonlySet<string> = new Set(IDENTIFIER_KEYWORDS);

/** Keywords whose values are data, not schemas: a key named `not` inside a default is just data. */
const DATA_KEYWORDS = new Set(["enum", "const", "default", "examples"]);
/** Keywords holding one sub-schema (or, for the `additional*` ones, a boolean). */
const SUBSCHEMA_KEYWORDS = new Set(["items", "contains", "additionalProperties", "additionalItems"]);
const BOOLEAN_ALLOWED = new Set(["additionalProperties", "additionalItems"]);

const TYPE_LIST = SCHEMA_TYPES.join(", ");
const forbidden: ReadonlySet<string> = new Set([...FORBIDDEN_KEYWORDS, ...IDENTIFIER_KEYWORDS]);
/**
 * The `$schema` values argument validation (ajv's draft-07) understands. The meta-schema is ajv's
 * own copy, checked by the interpreting engine: the editor runs this in the browser, where ajv's
 * compiled meta-schema check would need eval.
 */
const DRAFT_07_IDS: ReadonlySet<unknown> = new Set([DRAFT_07_META_SCHEMA.$id, DRAFT_07_META_SCHEMA.$id.replace(/#$/, "")]);

/** Where a schema sits: the dotted issue path and the JSON pointer from the parameters root. */
interface Location {
  readonly path: string;
  readonly pointer: string;
}

function at(location: Location, key: string | number): Location {
  const escaped = String(key).replace(/~/g, "~0").replace(/\//g, "~1");
  return { path: childPath(location.path, key), pointer: `${location.pointer}/${escaped}` };
}

/** The parameters schema, its top-level names (the names placeholders may use) and the required ones. */
export interface ParsedParameters extends PlaceholderScope {
  readonly schema: ObjectSchema;
}

/**
 * Reads `parameters`: absent means no parameters, a list is the flat sugar, an object must be a
 * schema in the safe subset whose root is `{"type": "object"}`. Problems go to `issues`.
 */
export function parseParameters(input: unknown, issues: Issues): ParsedParameters {
  const root: Location = { path: "parameters", pointer: "" };
  if (isAbsent(input)) return { schema: { type: "object", properties: {} }, names: new Set(), required: new Set() };
  if (Array.isArray(input)) {
    const lifted = liftFlatParameters(input, root.path, issues);
    return { ...lifted, schema: canonicalSchema(lifted.schema) };
  }
  if (!isPlainObject(input)) {
    issues.add(root.path, `must be a JSON Schema object ({"type": "object", "properties": {…}}) or a flat list of parameters, found ${describeValue(input)}`);
    return { schema: { type: "object", properties: {} }, names: null, required: null };
  }
  const schema = readObjectRootSchema(input, root.path, "parameters are always named", issues);
  const properties = isPlainObject(input.properties) ? input.properties : {};
  for (const name of Object.keys(properties)) {
    const problem = nameProblem(name);
    if (problem) issues.add(at(at(root, "properties"), name).path, `${problem}; a top-level parameter name is also its placeholder`);
  }
  const namesKnown = input.properties === undefined || isPlainObject(input.properties);
  return { schema, names: namesKnown ? new Set(Object.keys(properties)) : null, required: requiredNames(input.required) };
}

/**
 * A schema object in the safe subset whose root must be `{"type": "object"}` (`whyObject` says
 * why, in the error), at `rootPath`: canonical, every problem in `issues`. A root without
 * `properties` gets an empty one (even when its type is wrong), so every ObjectSchema has the same shape.
 */
export function readObjectRootSchema(input: Record<string, unknown>, rootPath: string, whyObject: string, issues: Issues): ObjectSchema {
  const before = issues.problems.length;
  const schema = readSchema(input, { path: rootPath, pointer: "" }, 0, issues);
  if (typeof input.type === "string" && input.type !== "object") {
    issues.add(childPath(rootPath, "type"), `the ${rootPath} root must be {"type": "object"}: ${whyObject}`);
  }
  const objectSchema = canonicalSchema(objectFrom([...Object.entries(schema), ["properties", schema.properties ?? {}]])) as unknown as ObjectSchema;
  if (issues.problems.length === before) checkAgainstMetaSchema(objectSchema, rootPath, issues);
  return objectSchema;
}

/** The names a root `required` lists; null when it is not a list of names (reported elsewhere). */
function requiredNames(required: unknown): ReadonlySet<string> | null {
  if (required === undefined) return new Set();
  return Array.isArray(required) && required.every((name) => typeof name === "string") ? new Set(required) : null;
}

/** Copies one schema, reporting every rule of the subset it breaks. */
function readSchema(input: unknown, location: Location, depth: number, issues: Issues): Record<string, JsonValue> {
  if (!isPlainObject(input)) {
    issues.add(location.path, `must be a schema object such as {"type": "string"}, found ${describeValue(input)}`);
    return {};
  }
  if (depth > MAX_JSON_DEPTH) {
    issues.add(location.path, `is nested deeper than ${MAX_JSON_DEPTH} levels`);
    return {};
  }
  const entries: [string, JsonValue][] = [];
  for (const [keyword, value] of Object.entries(input)) {
    const here = at(location, keyword);
    if (forbidden.has(keyword)) reportForbidden(keyword, here, issues);
    else entries.push([keyword, readKeyword(keyword, value, here, depth, issues)]);
  }
  const schema = objectFrom(entries);
  checkType(input.type, location, issues);
  if (input.type === "array" && input.items === undefined) {
    issues.add(at(location, "items").path, 'an array must declare items, the schema of each element (e.g. {"type": "string"})');
  }
  checkRequired(input, location, issues);
  return schema;
}

function readKeyword(keyword: string, value: unknown, location: Location, depth: number, issues: Issues): JsonValue {
  if (keyword === "properties") {
    if (!isPlainObject(value)) {
      issues.add(location.path, `must be an object mapping each property name to its schema, found ${describeValue(value)}`);
      return {};
    }
    return objectFrom(Object.entries(value).map(([name, schema]) => [name, readSchema(schema, at(location, name), depth + 1, issues)]));
  }
  if (keyword === "prefixItems") {
    issues.add(location.path, 'is not supported: arguments are validated with JSON Schema draft-07, which ignores it, so the elements would go unchecked; describe every element with one "items" schema');
    return [];
  }
  if (SUBSCHEMA_KEYWORDS.has(keyword)) {
    if (typeof value === "boolean" && BOOLEAN_ALLOWED.has(keyword)) return value;
    if (Array.isArray(value) && keyword === "items") {
      issues.add(location.path, 'must be one schema for every element; a list of schemas (a tuple) is not supported');
      return [];
    }
    return readSchema(value, location, depth + 1, issues);
  }
  if (keyword === "pattern") checkPattern(value, location, issues);
  const copy = toJsonValue(value, location.path, issues);
  if (!DATA_KEYWORDS.has(keyword)) scanForbidden(copy, location, issues);
  return copy;
}

/** Forbidden keywords hidden inside keywords the subset does not interpret. */
function scanForbidden(value: JsonValue, location: Location, issues: Issues): void {
  if (Array.isArray(value)) value.forEach((item, index) => scanForbidden(item, at(location, index), issues));
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (forbidden.has(key)) reportForbidden(key, at(location, key), issues);
      else scanForbidden(item, at(location, key), issues);
    }
  }
}

function reportForbidden(keyword: string, location: Location, issues: Issues): void {
  const why = identifiers.has(keyword)
    ? "each tool's parameters stand alone, so schema identifiers are not needed (and one tool's could clash with another's)"
    : "not every model provider supports it; describe the value with one type and plain keywords instead";
  issues.add(location.path, `"${keyword}" is not allowed (at ${location.pointer}): ${why}`);
}

function checkType(type: unknown, location: Location, issues: Issues): void {
  const path = at(location, "type").path;
  if (type === undefined) issues.add(path, `is required: every schema needs a type, one of ${TYPE_LIST}`);
  else if (Array.isArray(type)) {
    issues.add(path, `must be a single type, one of ${TYPE_LIST}: a list of types (such as ["string", "null"]) is not supported by every provider`);
  } else if (typeof type !== "string" || !(SCHEMA_TYPES as readonly string[]).includes(type)) {
    issues.add(path, `must be one of ${TYPE_LIST}, found ${typeof type === "string" ? `"${type}"` : describeValue(type)}`);
  }
}

function checkRequired(schema: Record<string, unknown>, location: Location, issues: Issues): void {
  const required = schema.required;
  if (required === undefined) return;
  const path = at(location, "required").path;
  if (!Array.isArray(required) || !required.every((name) => typeof name === "string")) {
    issues.add(path, "must be a list of property names");
    return;
  }
  const declared = isPlainObject(schema.properties) ? schema.properties : {};
  for (const name of required) {
    if (!Object.hasOwn(declared, name)) issues.add(path, `names "${name}", which is not a declared property`);
  }
}

function checkPattern(pattern: unknown, location: Location, issues: Issues): void {
  if (typeof pattern !== "string") return;
  const problem = schemaPatternProblem(pattern);
  if (problem) issues.add(location.path, problem);
}

/** Catches what the subset leaves alone but ajv could not use later, e.g. `"minimum": "5"`. */
function checkAgainstMetaSchema(schema: ObjectSchema, rootPath: string, issues: Issues): void {
  if (schema.$schema !== undefined && !DRAFT_07_IDS.has(schema.$schema)) {
    // ajv refuses to compile a schema naming a dialect it does not know.
    issues.add(`${rootPath}.$schema`, "names a JSON Schema dialect Quiver cannot validate with: remove $schema (Quiver validates with JSON Schema draft-07)");
    return;
  }
  const { errors, schemaError } = checkAgainstSchema(DRAFT_07_META_SCHEMA, schema);
  if (schemaError) throw schemaError;
  for (const error of errors) {
    const segments = error.instancePath.split("/").slice(1).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    issues.add([rootPath, ...segments].join("."), error.message);
  }
}

/**
 * A `parameters` value on its own (the editor's JSON Schema tab): the canonical schema, flat
 * sugar lifted, or a ValidationError with every problem at its `parameters.…` path.
 */
export function parseParameterSchema(input: unknown): ObjectSchema {
  const issues = new Issues();
  const { schema } = parseParameters(input, issues);
  if (issues.problems.length > 0) throw new ValidationError(issues.problems);
  return schema;
}
