/**
 * The way back from a strict schema. OpenAI's strict variant lists every property as required and
 * makes the optional ones nullable (strict-schema.ts), so a model that means "not given" sends
 * `null`. The stored schema does not take that null, so before validation the door turns each
 * such null back into an absent key — at every depth, inside arrays too — and the tool runs (schema
 * defaults included) exactly as if the key had been left out.
 *
 * It is applied to every agent call, whatever shape the agent read: the door cannot know which one
 * it was (an MCP client may hand the tools to OpenAI in strict form itself), and it only ever
 * drops a null the stored schema would refuse — an optional property that does not accept null —
 * so a call that was valid stays the same call.
 */
import type { ObjectSchema } from "../types";
import { isSchemaObject, type SchemaObject } from "./schema-walk";

/** `args` with each null for an optional, non-nullable property removed; anything else untouched (the same value when nothing is dropped). */
export function argumentsFromStrict(parameters: ObjectSchema, args: unknown): unknown {
  return hasStrictNull(parameters, args) ? fromStrict(parameters, args) : args;
}

/** The schema of `value`'s property `key`, if the object schema names it. */
function propertyOf(schema: SchemaObject, key: string): SchemaObject | undefined {
  const properties = schema.properties;
  if (!isSchemaObject(properties) || !Object.hasOwn(properties, key)) return undefined;
  const property = properties[key];
  return isSchemaObject(property) ? property : undefined;
}

/** Whether a null in `value` stands for an absent optional key: a null the stored schema would refuse. */
function isStrictNull(schema: SchemaObject, key: string, property: SchemaObject, item: unknown): boolean {
  return item === null && property.nullable !== true && !(Array.isArray(schema.required) && schema.required.includes(key));
}

/** Whether {@link fromStrict} would drop anything from `value`: most calls carry no such null, and are passed on as they came. */
function hasStrictNull(schema: SchemaObject, value: unknown): boolean {
  if (schema.type === "array" && Array.isArray(value) && isSchemaObject(schema.items)) {
    const items = schema.items;
    return value.some((item) => hasStrictNull(items, item));
  }
  if (schema.type !== "object" || !isSchemaObject(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    const property = propertyOf(schema, key);
    if (property !== undefined && (isStrictNull(schema, key, property, item) || hasStrictNull(property, item))) return true;
  }
  return false;
}

function fromStrict(schema: SchemaObject, value: unknown): unknown {
  if (schema.type === "array" && Array.isArray(value) && isSchemaObject(schema.items)) {
    const items = schema.items;
    return value.map((item) => fromStrict(items, item));
  }
  if (schema.type !== "object" || !isSchemaObject(value)) return value;
  // Object.fromEntries defines own keys, so an argument named __proto__ stays an argument.
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]): [string, unknown][] => {
      const property = propertyOf(schema, key);
      if (property === undefined) return [[key, item]];
      if (isStrictNull(schema, key, property, item)) return [];
      return [[key, fromStrict(property, item)]];
    }),
  );
}
