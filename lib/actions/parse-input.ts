/**
 * Parsing the input of server actions with zod: a failure becomes the project's ValidationError,
 * so actions report it like every other bad input, each problem next to its field.
 */
import type { z } from "zod";
import { ValidationError } from "../errors";

/** `value` parsed by `schema`, or a ValidationError listing every problem. */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ValidationError(parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })));
}

/** A submitted form's fields parsed by `schema`. */
export function parseForm<T>(schema: z.ZodType<T>, form: FormData): T {
  return parseInput(schema, Object.fromEntries(form));
}
