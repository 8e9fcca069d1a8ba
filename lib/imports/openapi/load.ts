/**
 * Reading an OpenAPI 3.0/3.1 or Swagger 2.0 document: JSON or YAML text, then parse, validate and
 * dereference with @apidevtools/swagger-parser (never a hand-written `$ref` resolver). External
 * references are not followed — no file, no URL: a pasted document must not make the server read
 * its disk or the network. Circular references are left as `$ref` (and reported where met).
 */
import SwaggerParser from "@apidevtools/swagger-parser";
import YAML from "yaml";
import { isRecord, NotImportable } from "./not-importable";

/** Largest document text read (characters). */
export const MAX_DOCUMENT_LENGTH = 4 * 1024 * 1024;

/** A validated, dereferenced document. */
export interface LoadedDocument {
  readonly api: Record<string, unknown>;
  /** "Swagger 2.0", "OpenAPI 3.0.3", … */
  readonly version: string;
  readonly title: string;
}

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
  let api: unknown;
  try {
    api = await SwaggerParser.validate(structuredClone(parsed) as never, {
      resolve: { external: false, file: false, http: false },
      dereference: { circular: "ignore" },
    });
  } catch (error) {
    throw new NotImportable(`the document is not valid: ${firstLine((error as Error).message)}`);
  }
  const document = api as Record<string, unknown>;
  const info = isRecord(document.info) ? document.info : {};
  return {
    api: document,
    version: typeof document.swagger === "string" ? `Swagger ${document.swagger}` : `OpenAPI ${String(document.openapi)}`,
    title: typeof info.title === "string" ? info.title : "Untitled API",
  };
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
