/**
 * Walks a parameters schema the way every provider check needs: each schema and sub-schema once,
 * with its dotted path, so findings point at the exact keyword an operator has to change.
 */
import { childPath } from "../definition";

export type SchemaObject = Readonly<Record<string, unknown>>;

export interface SchemaVisit {
  readonly schema: SchemaObject;
  /** Dotted path from the tool, e.g. `parameters.properties.items.items`. */
  readonly path: string;
  /** How many object schemas enclose this one, itself included when it is an object (root = 1). */
  readonly objectDepth: number;
}

/** Keywords whose value is one sub-schema (a boolean `additionalProperties` is not one). */
const SINGLE_SUBSCHEMA_KEYWORDS = ["items", "additionalProperties", "contains", "additionalItems"] as const;

export function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The named properties of an object schema (empty for anything else). */
export function propertiesOf(schema: SchemaObject): [string, SchemaObject][] {
  const properties = schema.properties;
  if (!isSchemaObject(properties)) return [];
  return Object.entries(properties).filter((entry): entry is [string, SchemaObject] => isSchemaObject(entry[1]));
}

/** The names an object schema lists in `required`. */
export function requiredOf(schema: SchemaObject): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === "string") : [];
}

/** Every schema inside `root` (root first, then depth-first in written order). */
export function* schemasIn(root: SchemaObject, path = "parameters", enclosingObjects = 0): Generator<SchemaVisit> {
  const objectDepth = enclosingObjects + (root.type === "object" ? 1 : 0);
  yield { schema: root, path, objectDepth };
  for (const [name, property] of propertiesOf(root)) {
    yield* schemasIn(property, childPath(childPath(path, "properties"), name), objectDepth);
  }
  for (const keyword of SINGLE_SUBSCHEMA_KEYWORDS) {
    const value = root[keyword];
    if (isSchemaObject(value)) yield* schemasIn(value, childPath(path, keyword), objectDepth);
    if (keyword === "items" && Array.isArray(value)) {
      for (const [index, item] of value.entries()) {
        if (isSchemaObject(item)) yield* schemasIn(item, childPath(childPath(path, keyword), index), objectDepth);
      }
    }
  }
}
