/**
 * Argument validation (SPEC §1.3): arguments are checked against the parameters schema with ajv
 * before any request is made or any code runs. Patterns run on RE2 (schema-pattern.ts), so a
 * hostile pattern or argument cannot stall the server; arguments over {@link MAX_ARGUMENT_BYTES}
 * are refused before validation. Compiled validators are kept for the most recently used
 * {@link MAX_COMPILED_SCHEMAS} schemas; definitions are immutable, so a schema object is a stable
 * cache key for a tool version.
 */
import type { ErrorObject } from "ajv";
import type { ValidationIssue } from "../../errors";
import type { ObjectSchema } from "../types";
import { createCompiledSchemas, dottedLocation, MAX_COMPILED_SCHEMAS } from "./compiled-schemas";

/** Far above any real tool call, far below what would make validating or logging a call costly. */
export const MAX_ARGUMENT_BYTES = 64 * 1024;
export { MAX_COMPILED_SCHEMAS };

/** Validates arguments against parameter schemas; its own ajv and cache. */
export interface ArgumentValidator {
  /** Every problem with `args` against `schema`; an empty list means the arguments are valid. */
  validate(schema: ObjectSchema, args: unknown): ValidationIssue[];
  /** How many compiled schemas are kept now. */
  cachedSchemas(): number;
}

/** An argument validator keeping at most `maxCachedSchemas` compiled schemas (least recently used dropped). */
export function createArgumentValidator({ maxCachedSchemas }: { maxCachedSchemas: number }): ArgumentValidator {
  const compiled = createCompiledSchemas({ maxCachedSchemas });
  return {
    validate(schema, args) {
      if (typeof args !== "object" || args === null || Array.isArray(args)) {
        return [{ path: "", message: "arguments must be a JSON object" }];
      }
      const size = new TextEncoder().encode(JSON.stringify(args)).length;
      if (size > MAX_ARGUMENT_BYTES) {
        return [{ path: "", message: `arguments are ${size} bytes as JSON; at most ${MAX_ARGUMENT_BYTES} (64 KiB) are accepted` }];
      }
      return compiled.errorsOf(schema, args).map(describe);
    },
    cachedSchemas: () => compiled.size(),
  };
}

function describe(error: ErrorObject): ValidationIssue {
  const location = dottedLocation(error);
  if (error.keyword === "required") {
    const missing = String((error.params as { missingProperty: string }).missingProperty);
    return { path: location ? `${location}.${missing}` : missing, message: "is required" };
  }
  if (error.keyword === "additionalProperties") {
    const extra = String((error.params as { additionalProperty: string }).additionalProperty);
    return { path: location ? `${location}.${extra}` : extra, message: "is not a declared parameter" };
  }
  return { path: location, message: error.message ?? "is invalid" };
}

const sharedValidator = createArgumentValidator({ maxCachedSchemas: MAX_COMPILED_SCHEMAS });

/** Every problem with `args` against `schema`; an empty list means the arguments are valid. */
export function validateArguments(schema: ObjectSchema, args: unknown): ValidationIssue[] {
  return sharedValidator.validate(schema, args);
}

/** One readable sentence listing every issue, for a `validation_error` response. */
export function describeArgumentIssues(issues: readonly ValidationIssue[]): string {
  return `Invalid arguments: ${issues.map((issue) => (issue.path ? `${issue.path} ${issue.message}` : issue.message)).join("; ")}`;
}
