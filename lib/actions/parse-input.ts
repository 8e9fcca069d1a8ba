/**
 * Parsing the input of server actions with zod: a failure becomes the project's ValidationError,
 * so actions report it like every other bad input, each problem next to its field.
 */
import type { z } from "zod";
import { ValidationError, type ValidationIssue } from "../errors";

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/** A root-level "this is not that kind of value" problem: the option of a union that did not apply. */
const isKindMismatch = (issue: Issue) => issue.path.length === 0 && (issue.code === "invalid_type" || issue.code === "invalid_value");

/**
 * zod's issues as the operator's: a union's failure is the problems of the one option the value
 * was meant for (a list of tool names that is too long, not "Invalid input"), and a map's bad key
 * is reported at that key.
 */
function operatorIssues(issues: readonly Issue[], prefix: Path = []): ValidationIssue[] {
  return issues.flatMap((issue): ValidationIssue[] => {
    const at = [...prefix, ...issue.path];
    if (issue.code === "invalid_union") {
      const meant = issue.errors.filter((option) => !option.every(isKindMismatch));
      if (meant.length === 1) return operatorIssues(meant[0]!, at);
    }
    if (issue.code === "invalid_key") {
      return operatorIssues(issue.issues, at).map((inner) => ({ ...inner, message: `the name ${inner.message}` }));
    }
    return [{ path: at.map(String).join("."), message: issue.message }];
  });
}

/** `value` parsed by `schema`, or a ValidationError listing every problem. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ValidationError(operatorIssues(parsed.error.issues));
}

/** A submitted form's fields parsed by `schema`. */
export function parseForm<T>(schema: z.ZodType<T>, form: FormData): T {
  return parseInput(schema, Object.fromEntries(form));
}
