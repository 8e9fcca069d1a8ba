/**
 * Reading a Postman collection (v2.0 or v2.1 JSON) with the `postman-collection` library, which
 * normalises both versions to one shape (URLs as parts, auth as key/value lists); the importer
 * then reads that plain JSON. A v1 collection, or JSON that is no collection, is refused whole
 * with one reason.
 */
import { Collection } from "postman-collection";
import { isRecord, NotImportable } from "../openapi/not-importable";

const SCHEMA = /schema\.getpostman\.com\/json\/collection\/v(2\.[01])(\.\d+)?\//;

/** Whether `document` (parsed JSON) says it is a Postman collection, of any version. */
export function looksLikePostmanCollection(document: unknown): boolean {
  if (!isRecord(document) || "openapi" in document || "swagger" in document) return false;
  // A v1 collection: requests and folders at the top, no info.
  if (Array.isArray(document.requests)) return true;
  const info = document.info;
  return isRecord(info) && (typeof info.schema === "string" ? info.schema.includes("getpostman.com") : "_postman_id" in info);
}

/** A collection as plain, normalised JSON. */
export interface LoadedCollection {
  readonly title: string;
  /** "Postman collection v2.1", … */
  readonly version: string;
  readonly json: Record<string, unknown>;
}

/**
 * The collection in `document` (already parsed), normalised.
 *
 * @throws NotImportable for a v1 collection, an unknown schema, or a collection the library cannot read.
 */
export function loadPostmanCollection(document: Record<string, unknown>): LoadedCollection {
  if (!isRecord(document.info)) {
    throw new NotImportable("this is a Postman collection v1, which Quiver does not read: export it from Postman as Collection v2.1");
  }
  const schema = typeof document.info.schema === "string" ? SCHEMA.exec(document.info.schema) : null;
  if (!schema) throw new NotImportable("this Postman collection names no v2.0 or v2.1 schema in info.schema: export it from Postman as Collection v2.1");
  if (!Array.isArray(document.item)) throw new NotImportable("this Postman collection has no item list");
  let json: Record<string, unknown>;
  try {
    json = new Collection(document).toJSON() as Record<string, unknown>;
  } catch (error) {
    throw new NotImportable(`this Postman collection cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
  const name = isRecord(json.info) && typeof json.info.name === "string" && json.info.name.trim() !== "" ? json.info.name.trim() : "Postman collection";
  return { title: name, version: `Postman collection v${schema[1]}`, json };
}
