/**
 * Names (docs/importers.md "Names"): tool names and parameter names follow the tool name rule
 * `^[a-z][a-z0-9_]*$`, at most 64 characters. An identifier from the document is turned into
 * snake_case; one that does not start with a letter gets a prefix.
 */
const MAX_NAME = 64;

/** `getPetById` → `get_pet_by_id`, `X-Request-ID` → `x_request_id`, `2fa` → `p_2fa` (with prefix "p"). */
export function snakeCase(text: string, prefix: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  const named = words === "" ? prefix : /^[a-z]/.test(words) ? words : `${prefix}_${words}`;
  return named.slice(0, MAX_NAME).replace(/_+$/, "");
}

/** A name from method and path: `GET /pets/{petId}` → `get_pets_pet_id`. */
export function nameFromRoute(method: string, path: string): string {
  return snakeCase(`${method} ${path.replace(/[{}]/g, " ")}`, "op");
}

/**
 * Hands out names unique within one set: a taken name gets `_2`, `_3`… (cut so the whole stays
 * within 64 characters).
 */
export class NameSet {
  private readonly taken = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.taken.add(name);
  }

  has(name: string): boolean {
    return this.taken.has(name);
  }

  /** `name`, or the first free `name_N`; recorded as taken. */
  claim(name: string): string {
    let candidate = name;
    for (let n = 2; this.taken.has(candidate); n += 1) {
      const suffix = `_${n}`;
      candidate = name.slice(0, MAX_NAME - suffix.length) + suffix;
    }
    this.taken.add(candidate);
    return candidate;
  }
}
