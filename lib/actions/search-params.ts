/** The shape Next.js hands a page's `searchParams`. */
export type SearchParamValue = string | string[] | undefined;

/** The first value of a query parameter, trimmed; "" when absent. */
export function firstParam(value: SearchParamValue): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? "";
}

/** `value` when it is one of `allowed`, else undefined (an unknown filter value is ignored). */
export function oneOf<T extends string>(value: string, allowed: readonly T[]): T | undefined {
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}
