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

/** Every schema inside `root` (root first, then depth-first in written order). */
export function* schemasIn(root: SchemaObject, path = "parameters"): Generator<SchemaVisit> {
  yield { schema: root, path };
  for (const [name, property] of propertiesOf(root)) {
    yield* schemasIn(property, childPath(childPath(path, "properties"), name));
  }
  for (const keyword of SINGLE_SUBSCHEMA_KEYWORDS) {
    const value = root[keyword];
    if (isSchemaObject(value)) yield* schemasIn(value, childPath(path, keyword));
    if (keyword === "items" && Array.isArray(value)) {
      for (const [index, item] of value.entries()) {
        if (isSchemaObject(item)) yield* schemasIn(item, childPath(childPath(path, keyword), index));
      }
    }
  }
}
