import { INPUT_LIMITS } from "./input-limits";

/** The shape Next.js hands a page's `searchParams`. */
export type SearchParamValue = string | string[] | undefined;

/**
 * The first value of a query parameter, trimmed; "" when absent or longer than `limit` (search
 * and filter boxes by default). An over-long value is ignored like an unknown filter, never cut:
 * a cut value would be a different filter, or a different destination.
 */
export function firstParam(value: SearchParamValue, limit: number = INPUT_LIMITS.search): string {
  const first = (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
  return first.length > limit ? "" : first;
}

/** `value` when it is one of `allowed`, else undefined (an unknown filter value is ignored). */
export function oneOf<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}
