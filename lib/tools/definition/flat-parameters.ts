/**
 * The flat parameter sugar (SPEC §1.3): `[{"name", "type", "required"?, "description"?}]`, lifted
 * to the JSON Schema form at build time. It covers scalars and `array:<scalar>` only, and never
 * guesses: a bare `array` or an object-shaped parameter is refused with what to write instead.
 */
import type { JsonSchema, ObjectSchema } from "../types";
import { childPath, describeValue, isAbsent, isPlainObject, type Issues, nameProblem, objectFrom } from "./definition-input";

/** The types the flat sugar accepts: the scalars and a list of one scalar. */
export const FLAT_SCALAR_TYPES = ["string", "number", "integer", "boolean"] as const;
export const FLAT_TYPES = [...FLAT_SCALAR_TYPES, ...FLAT_SCALAR_TYPES.map((type) => `array:${type}`)] as const;

const FLAT_KEYS = ["name", "type", "required", "description"];
const JSON_SCHEMA_HINT = 'write parameters as a JSON Schema instead ({"type": "object", "properties": {…}})';

/** The JSON Schema form of a flat parameter list, its names and the required ones. Problems go to `issues`. */
export function liftFlatParameters(
  list: readonly unknown[],
  path: string,
  issues: Issues,
): { schema: ObjectSchema; names: ReadonlySet<string>; required: ReadonlySet<string> } {
  const properties: [string, JsonSchema][] = [];
  const required: string[] = [];
  const names = new Set<string>();
  list.forEach((item, index) => {
    const itemPath = childPath(path, index);
    if (!isPlainObject(item)) {
      issues.add(itemPath, `must be an object {"name", "type", "required"?, "description"?}, found ${describeValue(item)}`);
      return;
    }
    for (const key of Object.keys(item)) {
      if (!FLAT_KEYS.includes(key)) {
        issues.add(childPath(itemPath, key), `unknown field "${key}": a flat parameter takes name, type, required and description; for anything more, ${JSON_SCHEMA_HINT}`);
      }
    }
    const name = readName(item.name, childPath(itemPath, "name"), names, issues);
    const schema = liftType(item.type, childPath(itemPath, "type"), issues);
    const description = readDescription(item.description, childPath(itemPath, "description"), issues);
    if (!isAbsent(item.required) && typeof item.required !== "boolean") {
      issues.add(childPath(itemPath, "required"), `must be true or false, found ${describeValue(item.required)}`);
    }
    if (name === null || schema === null) return;
    names.add(name);
    properties.push([name, description === null ? schema : { ...schema, description }]);
    if (item.required === true) required.push(name);
  });
  const schema: ObjectSchema = required.length > 0
    ? { type: "object", properties: objectFrom(properties), required }
    : { type: "object", properties: objectFrom(properties) };
  return { schema, names, required: new Set(required) };
}

function readName(name: unknown, path: string, seen: ReadonlySet<string>, issues: Issues): string | null {
  const problem = nameProblem(name);
  if (problem) {
    issues.add(path, `${problem}; a parameter name is also its placeholder`);
    return null;
  }
  if (seen.has(name as string)) {
    issues.add(path, `"${String(name)}" is declared twice: each parameter needs its own name`);
    return null;
  }
  return name as string;
}

function liftType(type: unknown, path: string, issues: Issues): JsonSchema | null {
  if (typeof type !== "string") {
    issues.add(path, isAbsent(type) ? `is required: one of ${FLAT_TYPES.join(", ")}` : `must be a string, found ${describeValue(type)}`);
    return null;
  }
  if ((FLAT_SCALAR_TYPES as readonly string[]).includes(type)) return { type } as JsonSchema;
  const itemType = type.startsWith("array:") ? type.slice("array:".length) : null;
  if (itemType !== null && (FLAT_SCALAR_TYPES as readonly string[]).includes(itemType)) {
    return { type: "array", items: { type: itemType } } as JsonSchema;
  }
  if (type === "array") {
    issues.add(path, "an array needs an item type: write array:string, array:number, array:integer or array:boolean");
  } else if (type === "object" || itemType === "object" || itemType === "array") {
    issues.add(path, `the flat parameter list cannot describe objects or nested lists: ${JSON_SCHEMA_HINT}`);
  } else {
    issues.add(path, `"${type}" is not a parameter type: use one of ${FLAT_TYPES.join(", ")}`);
  }
  return null;
}

function readDescription(description: unknown, path: string, issues: Issues): string | null {
  if (isAbsent(description)) return null;
  if (typeof description === "string") return description;
  issues.add(path, `must be a string, found ${describeValue(description)}`);
  return null;
}
