/**
 * Names (docs/importers.md "Names"): tool names and parameter names follow the tool name rule
 * `^[a-z][a-z0-9_]*$`, at most 64 characters. An identifier from the document is turned into
 * snake_case; one that does not start with a letter gets a prefix.
 */
const MAX_NAME = 64;

/**
 * `getPetById` → `get_pet_by_id`, `X-Request-ID` → `x_request_id`, `getV2Users` → `get_v2_users`,
 * `E2E tests` → `e2e_tests` (a digit before a capital starts a word only when a lower-case letter
 * follows it), `2fa` → `p_2fa` (with prefix "p").
 */
export function snakeCase(text: string, prefix: string): string {
  const words = text
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .replace(/([0-9])([A-Z][a-z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  const named = words === "" ? prefix : /^[a-z]/.test(words) ? words : `${prefix}_${words}`;
  return named.slice(0, MAX_NAME).replace(/_+$/, "");
}

/** Longest operationId kept as the name; a longer one reads as generated, and the route names the tool. */
const MAX_READABLE_ID = 40;
/** Path segments that say nothing about an operation: an `api` prefix, a version. */
const NOISE_SEGMENT = /^(api|rest|v\d+(\.\d+)*)$/i;

/**
 * The tool name suggested for an operation: its operationId in snake_case when that reads as a
 * name, else one made from method and path. An id is generated rather than chosen when it is long
 * or repeats the route and method (FastAPI's `status_call_api_v1_status_call_get`).
 */
export function suggestedToolName(operationId: unknown, method: string, path: string): string {
  const route = nameFromRoute(method, path);
  if (typeof operationId !== "string" || operationId.trim() === "") return route;
  const fromId = snakeCase(operationId, "op");
  const spelledPath = snakeCase(path.replace(/[{}]/g, " "), "op");
  const generated = fromId.length > MAX_READABLE_ID || (fromId.endsWith(`_${method.toLowerCase()}`) && fromId.includes(spelledPath));
  return generated ? route : fromId;
}

/**
 * A name from method and path, without `api` and version segments: `GET /pets/{petId}` →
 * `get_pets_pet_id`, `GET /api/v1/status` → `get_status`. A long one keeps the last two segments.
 */
export function nameFromRoute(method: string, path: string): string {
  const segments = path.split("/").map((segment) => segment.replace(/[{}]/g, "")).filter((segment) => segment !== "" && !NOISE_SEGMENT.test(segment));
  const full = snakeCase(`${method} ${segments.join(" ")}`, "op");
  return full.length <= MAX_READABLE_ID ? full : snakeCase(`${method} ${segments.slice(-2).join(" ")}`, "op");
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
