/**
 * Secret slots (SPEC §5, §1.8): where a tool's secret value goes — a request header
 * (`secret_headers`) or a query key (`secret_query`). Everything keyed by secret (a save's
 * submissions, stored rows, masks, the associated data a value is bound to) uses one string per
 * slot: a header's name as written, or `?` followed by the query key. `?` is not an HTTP token
 * character, so no header name starts with it and the two kinds never collide; the key reads like
 * the URL it goes in.
 *
 * Header names ignore case; query keys do not (`Key` and `key` are two parameters to a server),
 * so a slot's identity lower-cases a header name and keeps a query key as written.
 *
 * A folder of its own: the editor (a client component) and the tool library's definition stage
 * reach these rules through an entry without the rest of lib/secrets, whose encryption needs
 * node:crypto.
 */

export type SecretLocation = "header" | "query";

/** What starts the slot of a secret query key. */
export const QUERY_SLOT_PREFIX = "?";

/** The slot of a secret at `location` named `name`. */
export function secretSlot(location: SecretLocation, name: string): string {
  return location === "query" ? `${QUERY_SLOT_PREFIX}${name}` : name;
}

/** Where slot `slot` is and what it is called there. */
export function slotLocation(slot: string): { readonly location: SecretLocation; readonly name: string } {
  return slot.startsWith(QUERY_SLOT_PREFIX)
    ? { location: "query", name: slot.slice(QUERY_SLOT_PREFIX.length) }
    : { location: "header", name: slot };
}

/** What two spellings of one slot share: a header name lower-cased, a query slot as written. */
export function slotIdentity(slot: string): string {
  return slot.startsWith(QUERY_SLOT_PREFIX) ? slot : slot.toLowerCase();
}

/** Where a slot's value sits in a definition, as issue paths name it (`request.headers.X`, `request.query.k`). */
export function slotPath(slot: string): string {
  const { location, name } = slotLocation(slot);
  return location === "query" ? `request.query.${name}` : `request.headers.${name}`;
}

/** The slot in an operator's words: `header Authorization`, `query key api_key`. */
export function slotLabel(slot: string): string {
  const { location, name } = slotLocation(slot);
  return location === "query" ? `query key ${name}` : `header ${name}`;
}
