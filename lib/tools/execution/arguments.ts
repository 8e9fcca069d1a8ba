/**
 * Argument validation (SPEC §1.3): arguments are checked against the parameters schema with ajv
 * before any request is made or any code runs. Compiled validators are cached per schema object;
 * definitions are immutable, so a schema object is a stable cache key for a tool version.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import type { ValidationIssue } from "../../errors";
import type { ObjectSchema } from "../types";

const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
const compiled = new WeakMap<ObjectSchema, ValidateFunction>();

function validatorFor(schema: ObjectSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

function describe(error: ErrorObject): ValidationIssue {
  const location = error.instancePath.slice(1).replace(/\//g, ".");
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

/** Every problem with `args` against `schema`; an empty list means the arguments are valid. */
export function validateArguments(schema: ObjectSchema, args: unknown): ValidationIssue[] {
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    return [{ path: "", message: "arguments must be a JSON object" }];
  }
  const validate = validatorFor(schema);
  return validate(args) ? [] : (validate.errors ?? []).map(describe);
}

/** One readable sentence listing every issue, for a `validation_error` response. */
export function describeArgumentIssues(issues: readonly ValidationIssue[]): string {
  return `Invalid arguments: ${issues.map((issue) => (issue.path ? `${issue.path} ${issue.message}` : issue.message)).join("; ")}`;
}
