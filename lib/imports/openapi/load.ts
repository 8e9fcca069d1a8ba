/**
 * Reading an OpenAPI 3.0/3.1 or Swagger 2.0 document: JSON or YAML text, then parse, validate and
 * dereference with @apidevtools/swagger-parser (never a hand-written `$ref` resolver). External
 * references are not followed — no file, no URL: a pasted document must not make the server read
 * its disk or the network. Circular references are left as `$ref` (and reported where met).
 *
 * Leniently: a document that fails strict validation on a detail but can still be dereferenced is
 * read, with a warning naming its first problems — every other tool accepts such documents, and
 * each operation is still judged on its own (docs/importers.md "Lenient documents").
 */
import SwaggerParser from "@apidevtools/swagger-parser";
import YAML from "yaml";
import { isRecord, NotImportable } from "./not-importable";

/** Largest document text read (characters): GitHub's and Mailchimp's published descriptions are 5–6 MiB. */
export const MAX_DOCUMENT_LENGTH = 8 * 1024 * 1024;

/** Problems of strict validation named in the warning. */
const PROBLEMS_NAMED = 3;

/** A dereferenced document, validated unless `lenient`. */
export interface LoadedDocument {
  readonly api: Record<string, unknown>;
  /** "Swagger 2.0", "OpenAPI 3.0.3", … */
  readonly version: string;
  readonly title: string;
  /** The document failed strict validation and was read anyway: the shapes it promises may be broken. */
  readonly lenient: boolean;
  /** What the operator should know about the document as a whole. */
  readonly warnings: readonly string[];
}

const PARSER_OPTIONS = { resolve: { external: false, file: false, http: false }, dereference: { circular: "ignore" } } as const;

/**
 * The document in `text`, validated and dereferenced.
 *
 * @throws NotImportable saying why the document cannot be read (syntax, not OpenAPI, invalid).
 */
export async function loadOpenApiDocument(text: string): Promise<LoadedDocument> {
  if (text.length > MAX_DOCUMENT_LENGTH) throw new NotImportable(`the document is larger than ${MAX_DOCUMENT_LENGTH / 1024 / 1024} MiB`);
  const parsed = parseText(text);
  if (!isRecord(parsed) || (typeof parsed.openapi !== "string" && typeof parsed.swagger !== "string")) {
    throw new NotImportable('this is not an OpenAPI or Swagger document: it has no "openapi" or "swagger" version');
  }
  const { api, warnings } = await dereferenced(parsed);
  const info = isRecord(api.info) ? api.info : {};
  return {
    api,
    version: typeof api.swagger === "string" ? `Swagger ${api.swagger}` : `OpenAPI ${String(api.openapi)}`,
    title: typeof info.title === "string" ? info.title : "Untitled API",
    lenient: warnings.length > 0,
    warnings,
  };
}

/** Validated and dereferenced; failing validation, dereferenced alone with a warning; failing both, refused. */
async function dereferenced(parsed: Record<string, unknown>): Promise<{ api: Record<string, unknown>; warnings: string[] }> {
  try {
    return { api: (await SwaggerParser.validate(structuredClone(parsed) as never, PARSER_OPTIONS)) as Record<string, unknown>, warnings: [] };
  } catch (invalid) {
    let api: unknown;
    try {
      api = await SwaggerParser.dereference(structuredClone(parsed) as never, PARSER_OPTIONS);
    } catch {
      throw new NotImportable(`the document is not valid: ${firstLine((invalid as Error).message)}`);
    }
    if (!isRecord(api) || !isRecord(api.paths)) throw new NotImportable(`the document is not valid: ${firstLine((invalid as Error).message)}`);
    return { api, warnings: [`The document does not pass strict validation, and was read anyway: check the operations it describes. First problems: ${validationProblems(invalid as Error)}.`] };
  }
}

/** The first distinct problems a validation error lists ("#/paths/~1a/get/parameters/0/style must be …"). */
function validationProblems(error: Error): string {
  const lines = error.message.split("\n").slice(1).map((line) => line.trim()).filter(Boolean);
  const named = [...new Set(lines)].slice(0, PROBLEMS_NAMED);
  return named.length > 0 ? named.join("; ") : firstLine(error.message);
}

/** JSON when it looks like JSON, else YAML (a superset); syntax errors name the place. */
function parseText(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === "") throw new NotImportable("the document is empty");
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) {
    try {
      return JSON.parse(trimmed);
    } catch (error) {
      throw new NotImportable(`the document is not valid JSON: ${(error as Error).message}`);
    }
  }
  try {
    // maxAliasCount bounds "billion laughs" alias expansion.
    return YAML.parse(trimmed, { maxAliasCount: 1000 });
  } catch (error) {
    throw new NotImportable(`the document is neither JSON nor valid YAML: ${firstLine((error as Error).message)}`);
  }
}

function firstLine(message: string): string {
  return message.split("\n")[0]!.slice(0, 500);
}
