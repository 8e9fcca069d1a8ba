/**
 * Compiled JSON Schema validators, kept for the most recently used schemas. Patterns run on RE2
 * (schema-pattern.ts), so a hostile pattern or value cannot stall the server. Definitions are
 * immutable, so a schema object is a stable cache key for a tool version.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import { compileSchemaPattern } from "../definition";
import type { ObjectSchema } from "../types";

/** Enough for every tool version in use at once; older entries are compiled again when needed. */
export const MAX_COMPILED_SCHEMAS = 500;

const linearRegExp = Object.assign((pattern: string) => compileSchemaPattern(pattern), {
  code: 'require("re2js") via lib/tools/definition/schema-pattern',
});

export interface CompiledSchemas {
  /** Every error of `value` against `schema` (ajv's), or an empty list when it is valid. */
  errorsOf(schema: ObjectSchema, value: unknown): readonly ErrorObject[];
  /** How many compiled schemas are kept now. */
  size(): number;
}

/** A validator cache with its own ajv, keeping at most `maxCachedSchemas` compiled schemas (least recently used dropped). */
export function createCompiledSchemas({ maxCachedSchemas }: { maxCachedSchemas: number }): CompiledSchemas {
  const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false, code: { regExp: linearRegExp } });
  // A use stamps its entry, rather than moving it to the end of the Map (delete and set): a Map
  // changed on every call reallocates its table, and the scavenger then keeps what the dead tables
  // point to (bench/README.md, "what outlives a call"). Only a new schema past the limit looks for
  // the least recently used, after a compilation that costs far more than the look.
  const compiled = new Map<ObjectSchema, { readonly validate: ValidateFunction; lastUsed: number }>();
  let uses = 0;

  function leastRecentlyUsed(): ObjectSchema {
    let oldest: ObjectSchema | null = null;
    let oldestUse = Infinity;
    for (const [schema, { lastUsed }] of compiled) {
      if (lastUsed < oldestUse) [oldest, oldestUse] = [schema, lastUsed];
    }
    return oldest!;
  }

  function validatorFor(schema: ObjectSchema): ValidateFunction {
    const found = compiled.get(schema);
    if (found) {
      found.lastUsed = ++uses;
      return found.validate;
    }
    // ajv keeps every compiled schema, and refuses a second one with the same `$id` (tools
    // stored before `$id` was refused may have one): compiled without registering it.
    const validate = ajv.compile({ ...schema, $id: undefined });
    ajv.removeSchema(validate.schema);
    compiled.set(schema, { validate, lastUsed: ++uses });
    if (compiled.size > maxCachedSchemas) compiled.delete(leastRecentlyUsed());
    return validate;
  }

  return {
    errorsOf(schema, value) {
      const validate = validatorFor(schema);
      return validate(value) ? [] : (validate.errors ?? []);
    },
    size: () => compiled.size,
  };
}

/** An ajv error's location as a dotted path (`items.0.id`); "" for the root. */
export function dottedLocation(error: ErrorObject): string {
  return error.instancePath.slice(1).replace(/\//g, ".");
}
