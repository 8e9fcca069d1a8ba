import "server-only";

/**
 * Server glue of the OpenAPI import (issue 13): a document pasted, uploaded or fetched from a URL
 * becomes the list of its operations (lib/imports/openapi) — or, for a Postman collection, of its
 * requests (lib/imports/postman). A URL is fetched through the
 * executor's destination guard with the tools' timeout and the importer's document cap, redirects
 * followed by hand and re-checked. The tools the operator then selects go through the JSON
 * import's preview and all-or-nothing import (tool-import.ts) unchanged.
 */
import { fetch } from "undici";
import { ValidationError } from "../errors";
import { inspectOpenApi, MAX_DOCUMENT_LENGTH, NotImportable, type InspectedDocument } from "./openapi";
import { inspectPostman, looksLikePostmanCollection } from "./postman";
import { findBlockedDestination, guardedAgent } from "../tools";
import { getExecutionConfig } from "../setup";

export type { InspectedDocument, InspectedOperation, ProposedCredential, SecretHeader, ServerChoice } from "./openapi";

/** Where the document comes from: its text, or a URL to fetch it from. */
export type OpenApiSource = { readonly text: string } | { readonly url: string };

export interface OpenApiChoices {
  /** Index of the document's server to use. */
  readonly server?: number;
  /** A base URL replacing the document's servers. */
  readonly baseUrl?: string | null;
  /** A Postman collection's variable values the operator gave. */
  readonly variables?: Readonly<Record<string, string>>;
}

/**
 * Every operation of the document, each as a tool or with the reason it cannot be one.
 *
 * @throws ValidationError (at `url` or `text`) when the document cannot be fetched or read.
 */
export async function inspectOpenApiSource(source: OpenApiSource, choices: OpenApiChoices = {}): Promise<InspectedDocument & { documentUrl: string | null }> {
  const field = "url" in source ? "url" : "text";
  try {
    const text = "url" in source ? await fetchDocument(source.url) : source.text;
    const documentUrl = "url" in source ? source.url : null;
    const collection = postmanCollectionIn(text);
    if (collection) return { ...inspectPostman(collection, { variables: choices.variables }), documentUrl };
    return { ...(await inspectOpenApi(text, { ...choices, documentUrl })), documentUrl };
  } catch (error) {
    if (error instanceof NotImportable) throw new ValidationError([{ path: field, message: `${capitalise(error.reason)}.` }]);
    throw error;
  }
}

/** The parsed collection when `text` is a Postman collection (JSON), else null: OpenAPI's loader reads everything else. */
function postmanCollectionIn(text: string): Record<string, unknown> | null {
  if (text.length > MAX_DOCUMENT_LENGTH || !/^\s*\{/.test(text)) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return looksLikePostmanCollection(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The document at `url` as text, through the destination guard, within the timeout and body cap. */
async function fetchDocument(url: string): Promise<string> {
  const config = getExecutionConfig();
  let current = parseHttpUrl(url);
  const signal = AbortSignal.timeout(config.defaultTimeoutSeconds * 1000);
  for (let hop = 0; hop <= config.maxRedirects; hop += 1) {
    let response: Awaited<ReturnType<typeof fetch>>;
    try {
      response = await fetch(current, { dispatcher: guardedAgent(config.allowlist), redirect: "manual", signal, headers: { accept: "application/json, application/yaml, text/yaml, */*" } });
    } catch (error) {
      const blocked = findBlockedDestination(error);
      if (blocked) throw new NotImportable(blocked.message.replace(/\.$/, ""));
      if (signal.aborted) throw new NotImportable(`fetching the document timed out after ${config.defaultTimeoutSeconds} seconds`);
      throw new NotImportable(`the document could not be fetched from ${current.host}`);
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      current = parseHttpUrl(new URL(location, current).toString());
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new NotImportable(`fetching the document answered HTTP ${response.status}`);
    }
    return readCapped(response, MAX_DOCUMENT_LENGTH);
  }
  throw new NotImportable(`fetching the document was redirected more than ${config.maxRedirects} times`);
}

async function readCapped(response: Awaited<ReturnType<typeof fetch>>, cap: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    // Throwing out of the loop cancels the stream (the iterator's return()).
    if (size > cap) throw new NotImportable(`the document is larger than the ${cap.toLocaleString("en")}-byte limit`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseHttpUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new NotImportable("the URL must be an absolute http(s) URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new NotImportable("the URL must be an absolute http(s) URL");
  return url;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
