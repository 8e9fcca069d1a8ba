/**
 * Values checked against a JSON Schema without generating code, for the browser, where the page's
 * policy allows no eval: the parameter forms' arguments, and a drafted schema against the draft-07
 * meta-schema (schema-subset.ts). ajv (the server's argument validator, execution/arguments.ts)
 * compiles each schema into a function; here @cfworker/json-schema interprets it instead. That
 * engine runs `pattern` on JavaScript's backtracking RegExp, so every `pattern` is lifted out and
 * handed back to it as a format that matches with RE2 (schema-pattern.ts, the server's matcher): a
 * pattern that cannot stall the server cannot stall the tab. The errors come out in ajv's shape and words ("must be string", "must have required
 * property 'city'"), as the forms showed them when they ran ajv.
 */
import { deepCompareStrict, format, Validator, type OutputUnit, type Schema } from "@cfworker/json-schema";
import { compileSchemaPattern, schemaPatternProblem } from "./schema-pattern";

/** One problem with a value, shaped like ajv's `ErrorObject`. */
export interface SchemaCheckError {
  readonly keyword: string;
  /** JSON pointer to the value at fault ("" for the root), as ajv's `instancePath`. */
  readonly instancePath: string;
  /** `#` and a JSON pointer to the keyword in the schema, as ajv's `schemaPath`. */
  readonly schemaPath: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message: string;
  /** The schema holding the keyword (ajv's `parentSchema`), where a form finds property titles. */
  readonly parentSchema: unknown;
}

/** The outcome of one check: the errors, or why the schema itself cannot be used. */
export type SchemaCheck = { readonly errors: readonly SchemaCheckError[]; readonly schemaError?: never } | { readonly errors?: never; readonly schemaError: Error };

/**
 * Every problem with `value` against `schema` (an empty list when it is valid), or the schema's
 * own problem when it cannot be interpreted (a `pattern` RE2 cannot run, `patternProperties`, a
 * `$ref` that is not in it).
 */
export function checkAgainstSchema(schema: unknown, value: unknown): SchemaCheck {
  let interpreted: Schema;
  let units: readonly OutputUnit[];
  try {
    interpreted = withLinearPatterns(schema) as Schema;
    units = new Validator(interpreted, "7", false).validate(value).errors;
  } catch (error) {
    return { schemaError: error as Error };
  }
  return { errors: ajvShaped(units, schema, interpreted, value) };
}

/** Formats whose name starts with this match a lifted `pattern` with RE2. */
const PATTERN_FORMAT = "re2-pattern:";

/**
 * The name of the format that matches `pattern` with RE2, registered on first use. The engine
 * reads formats from one table it exports; each name holds its pattern, so registering is
 * idempotent and the table grows only by the patterns the page's schemas hold.
 */
function patternFormat(pattern: unknown): string {
  if (typeof pattern !== "string") throw new Error(`"pattern" must be a string, found ${JSON.stringify(pattern)}`);
  const name = `${PATTERN_FORMAT}${pattern}`;
  if (!Object.hasOwn(format, name)) {
    const problem = schemaPatternProblem(pattern);
    if (problem) throw new Error(problem);
    const matcher = compileSchemaPattern(pattern);
    format[name] = (text) => matcher.test(text);
  }
  return name;
}

/** Keywords whose value is one schema (or, for `items`, a list of them). */
const SCHEMA_KEYWORDS = new Set([
  "additionalProperties", "items", "additionalItems", "contains", "propertyNames", "not", "if", "then", "else",
  "unevaluatedProperties", "unevaluatedItems",
]);
const SCHEMA_LIST_KEYWORDS = new Set(["allOf", "anyOf", "oneOf", "prefixItems", "items"]);
const SCHEMA_MAP_KEYWORDS = new Set(["properties", "$defs", "definitions", "dependentSchemas", "dependencies"]);

/**
 * A copy of `schema` whose every `pattern` is an entry `{"format": <RE2 format>}` appended to its
 * `allOf`, so the engine never builds a RegExp from a schema. `patternProperties` matches property
 * names with a RegExp the engine builds itself: refused (the safe subset refuses it too).
 */
function withLinearPatterns(schema: unknown): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const copy: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === "patternProperties") throw new Error('"patternProperties" is not supported in a parameters form');
    if (keyword === "pattern") continue;
    if (SCHEMA_LIST_KEYWORDS.has(keyword) && Array.isArray(value)) copy[keyword] = value.map(withLinearPatterns);
    else if (SCHEMA_KEYWORDS.has(keyword)) copy[keyword] = withLinearPatterns(value);
    else if (SCHEMA_MAP_KEYWORDS.has(keyword) && typeof value === "object" && value !== null) {
      copy[keyword] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, withLinearPatterns(child)]));
    } else copy[keyword] = value;
  }
  if ("pattern" in schema) {
    const allOf = Array.isArray(copy.allOf) ? copy.allOf : [];
    copy.allOf = [...allOf, { format: patternFormat(schema.pattern) }];
  }
  return copy;
}

/** The engine's report for a keyword whose own errors follow it: ajv reports only those. */
const ANNOUNCEMENTS = new Set([
  "properties", "additionalProperties", "items", "additionalItems", "prefixItems", "allOf", "$ref", "$recursiveRef",
  "dependentSchemas", "propertyNames", "unevaluatedProperties", "unevaluatedItems",
]);

const COMPARISONS: Readonly<Record<string, string>> = { minimum: ">=", maximum: "<=", exclusiveMinimum: ">", exclusiveMaximum: "<" };
const COUNTS: Readonly<Record<string, readonly [string, string]>> = {
  minLength: ["fewer", "characters"], maxLength: ["more", "characters"],
  minItems: ["fewer", "items"], maxItems: ["more", "items"],
  minProperties: ["fewer", "properties"], maxProperties: ["more", "properties"],
};

/** The engine's errors as ajv would have reported them, each located in the schema as written. */
function ajvShaped(units: readonly OutputUnit[], schema: unknown, interpreted: Schema, value: unknown): SchemaCheckError[] {
  const reported = new Set<string>();
  return units.flatMap((unit, index) => {
    const keywordPath = segments(unit.keywordLocation);
    const instancePath = segments(unit.instanceLocation);
    const liftedPattern = unit.keyword === "format" && String(at(interpreted, keywordPath)).startsWith(PATTERN_FORMAT);
    // A lifted pattern sits at …/allOf/<n>/format in the copy and at …/pattern in the schema as
    // written. A `false` schema's report carries the instance's location where the keyword's
    // belongs; the announcement just before it (additionalProperties, items…) has the keyword's.
    const announcement = units[index - 1];
    const schemaPath = liftedPattern
      ? [...keywordPath.slice(0, -3), "pattern"]
      : unit.keyword === "false"
        ? segments(announcement?.keywordLocation ?? "#")
        : keywordPath;
    const error = (keyword: string, params: Record<string, unknown>, message: string, path = instancePath): SchemaCheckError => ({
      keyword, instancePath: pointer(path), schemaPath: `#${pointer(schemaPath)}`, params, message, parentSchema: at(schema, schemaPath.slice(0, -1)),
    });
    const limit = at(schema, schemaPath);
    if (liftedPattern) return [error("pattern", { pattern: limit }, `must match pattern "${String(limit)}"`)];
    if (ANNOUNCEMENTS.has(unit.keyword)) return [];
    // The engine reports each missing property and each pair of equal items, naming them only in its
    // prose: the first report of a keyword at a place is turned into ajv's, the others are dropped.
    const where = `${unit.instanceLocation} ${unit.keywordLocation}`;
    if (reported.has(where)) return [];
    reported.add(where);
    switch (unit.keyword) {
      case "required": {
        const instance = at(value, instancePath) as object;
        return (limit as string[])
          .filter((name) => !Object.hasOwn(instance, name))
          .map((name) => error("required", { missingProperty: name }, `must have required property '${name}'`));
      }
      case "false": {
        const [property] = instancePath.slice(-1);
        if (schemaPath.at(-1) !== "additionalProperties" || property === undefined) return [error("false schema", {}, "boolean schema is false")];
        return [error("additionalProperties", { additionalProperty: property }, "must NOT have additional properties", instancePath.slice(0, -1))];
      }
      case "uniqueItems": {
        const { i, j } = duplicateItems(at(value, instancePath) as unknown[]);
        return [error("uniqueItems", { i, j }, `must NOT have duplicate items (items ## ${j} and ${i} are identical)`)];
      }
    }
    // Keywords neither the forms nor the meta-schema use (if, dependencies…) keep the engine's own words.
    const [params, message] = ajvWords(unit.keyword, limit) ?? [{}, unit.error];
    return [error(unit.keyword, params, message)];
  });
}

/** ajv's params and message for a keyword whose schema value says all there is to say; null for the others. */
function ajvWords(keyword: string, limit: unknown): readonly [Record<string, unknown>, string] | null {
  const comparison = COMPARISONS[keyword];
  if (comparison) return [{ comparison, limit }, `must be ${comparison} ${String(limit)}`];
  const count = COUNTS[keyword];
  if (count) return [{ limit }, `must NOT have ${count[0]} than ${String(limit)} ${count[1]}`];
  switch (keyword) {
    case "type": {
      const type = Array.isArray(limit) ? limit.join(",") : String(limit);
      return [{ type }, `must be ${type}`];
    }
    case "enum":
      return [{ allowedValues: limit }, "must be equal to one of the allowed values"];
    case "const":
      return [{ allowedValue: limit }, "must be equal to constant"];
    case "multipleOf":
      return [{ multipleOf: limit }, `must be multiple of ${String(limit)}`];
    case "format":
      return [{ format: limit }, `must match format "${String(limit)}"`];
    case "contains":
      return [{ minContains: 1 }, "must contain at least 1 valid item(s)"];
    case "anyOf":
      return [{}, "must match a schema in anyOf"];
    case "oneOf":
      return [{}, "must match exactly one schema in oneOf"];
    case "not":
      return [{}, "must NOT be valid"];
  }
  return null;
}

/** The last item that repeats an earlier one (`i`) and the nearest earlier one it repeats (`j`), as ajv reports them. */
function duplicateItems(items: readonly unknown[]): { i: number; j: number } {
  for (let i = items.length - 1; i > 0; i--) {
    for (let j = i - 1; j >= 0; j--) if (deepCompareStrict(items[i], items[j])) return { i, j };
  }
  throw new Error("the engine reported duplicate items where there are none");
}

/** The segments of the engine's location, `#/a/b%20c` (URI-encoded JSON pointer). */
function segments(location: string): string[] {
  return location
    .slice(1)
    .split("/")
    .slice(1)
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~"));
}

/** Segments as a JSON pointer (`/a/b~1c`); "" for none. */
function pointer(path: readonly string[]): string {
  return path.map((segment) => `/${segment.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

/** What `path` names inside `root`, following a `$ref` segment to the schema it refers to (as the engine's locations do). */
function at(root: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, segment) => {
    if (typeof node !== "object" || node === null) return undefined;
    const child = (node as Record<string, unknown>)[segment];
    return segment === "$ref" && typeof child === "string" ? at(root, segments(child)) : child;
  }, root);
}
