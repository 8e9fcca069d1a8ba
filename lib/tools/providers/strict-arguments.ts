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
import { isSchemaObject, propertiesOf, type SchemaObject } from "./schema-walk";

/** `args` with each null for an optional, non-nullable property removed; anything else untouched. */
export function argumentsFromStrict(parameters: ObjectSchema, args: unknown): unknown {
  return fromStrict(parameters, args);
}

function fromStrict(schema: SchemaObject, value: unknown): unknown {
  if (schema.type === "array" && Array.isArray(value) && isSchemaObject(schema.items)) {
    const items = schema.items;
    return value.map((item) => fromStrict(items, item));
  }
  if (schema.type !== "object" || !isSchemaObject(value)) return value;
  const properties = new Map(propertiesOf(schema));
  if (properties.size === 0) return value;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  // Object.fromEntries defines own keys, so an argument named __proto__ stays an argument.
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]): [string, unknown][] => {
      const property = properties.get(key);
      if (property === undefined) return [[key, item]];
      if (item === null && !required.has(key) && property.nullable !== true) return [];
      return [[key, fromStrict(property, item)]];
    }),
  );
}
