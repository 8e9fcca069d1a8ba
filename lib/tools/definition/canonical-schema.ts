/**
 * The canonical form of a parameters schema (SPEC §1.1): inside every schema the keywords follow
 * one fixed order, while the order of `properties` stays as written (it is the order forms show).
 * A schema from the form editor, the JSON tab, an import or the database therefore serialises to
 * the same bytes, and a save that changes nothing makes no revision.
 *
 * Beyond the order, two spellings that mean the same are made one, so the form (which cannot tell
 * them apart) round-trips every schema: an object schema always has `properties` (`{}` when none,
 * as the root always had), and its `required` lists names in the order of `properties`, and is
 * left out when empty.
 */
import { isPlainObject, objectFrom } from "./definition-input";

/** The fixed keyword order; any other keyword follows, in code-unit (alphabetical) order. */
export const SCHEMA_KEYWORD_ORDER = [
  "type", "title", "description", "enum", "const", "default", "format", "pattern", "minLength", "maxLength",
  "minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf", "items", "minItems", "maxItems",
  "uniqueItems", "properties", "required", "additionalProperties",
] as const;

const RANK: ReadonlyMap<string, number> = new Map(SCHEMA_KEYWORD_ORDER.map((keyword, index) => [keyword, index]));
/** Keywords whose value is one sub-schema (`additional*` may instead be a boolean, kept as is). */
const SUBSCHEMA_KEYWORDS = new Set(["items", "additionalProperties", "contains", "additionalItems"]);

function compareKeywords(a: string, b: string): number {
  const rankA = RANK.get(a) ?? RANK.size;
  const rankB = RANK.get(b) ?? RANK.size;
  if (rankA !== rankB) return rankA - rankB;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * `schema` in canonical form, recursively through `properties` and the sub-schema keywords; data
 * keywords (`enum`, `default`, `const`, unknown ones…) are kept verbatim. Works on any shape, valid
 * or not, so it can run before validation has finished; it never drops a keyword's meaning.
 */
export function canonicalSchema<T>(schema: T): T {
  if (!isPlainObject(schema)) return schema;
  const entries = Object.entries(schema).map(([keyword, value]): [string, unknown] => {
    if (keyword === "properties" && isPlainObject(value)) {
      return [keyword, objectFrom(Object.entries(value).map(([name, property]) => [name, canonicalSchema(property)]))];
    }
    return [keyword, SUBSCHEMA_KEYWORDS.has(keyword) ? canonicalSchema(value) : value];
  });
  if (schema.type === "object") normaliseObject(entries);
  return objectFrom(entries.sort(([a], [b]) => compareKeywords(a, b))) as T;
}

/** An object schema's `properties` made present and its `required` put in property order (or dropped when empty). */
function normaliseObject(entries: [string, unknown][]): void {
  const keywords = new Map(entries.map(([keyword, value], index) => [keyword, { value, index }]));
  const properties = keywords.get("properties");
  if (properties === undefined) entries.push(["properties", {}]);
  const required = keywords.get("required");
  if (required === undefined || !Array.isArray(required.value)) return;
  if (required.value.length === 0) {
    entries.splice(required.index, 1);
    return;
  }
  const names = isPlainObject(properties?.value) ? Object.keys(properties.value) : [];
  const position = (name: unknown) => (typeof name === "string" && names.includes(name) ? names.indexOf(name) : names.length);
  // A stable sort: undeclared names (an error reported elsewhere) and duplicates stay, in written order.
  entries[required.index] = ["required", [...required.value].sort((a, b) => position(a) - position(b))];
}
