/**
 * Reapplying an operator's edits on top of a colleague's newer version: every part the operator
 * changed (relative to the version they started from) is taken from their edit, every other part
 * from the latest version. Parts are the top-level fields and the request's own fields, which is
 * where two people's edits usually differ.
 */
type Json = Record<string, unknown>;

const REQUEST_PARTS = ["method", "url", "headers", "query", "body", "body_format", "query_style"] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The latest document with the operator's changes laid over it, and the parts both sides changed. */
export function reapplyEdits(base: Json, mine: Json, latest: Json): { document: Json; overlapping: string[] } {
  const document: Json = { ...latest };
  const overlapping: string[] = [];
  const take = (part: string, from: Json, into: Json, baseOf: Json, latestOf: Json, label: string) => {
    if (same(from[part], baseOf[part])) return;
    if (!same(latestOf[part], baseOf[part]) && !same(latestOf[part], from[part])) overlapping.push(label);
    if (from[part] === undefined) delete into[part];
    else into[part] = from[part];
  };
  for (const key of new Set([...Object.keys(base), ...Object.keys(mine)])) {
    if (key === "request") continue;
    take(key, mine, document, base, latest, key);
  }
  const request = { ...((latest.request as Json | undefined) ?? {}) };
  for (const part of REQUEST_PARTS) {
    take(part, (mine.request as Json | undefined) ?? {}, request, (base.request as Json | undefined) ?? {}, (latest.request as Json | undefined) ?? {}, `request.${part}`);
  }
  document.request = request;
  return { document, overlapping };
}
