"use server";
/**
 * The import page's server actions (editors and admins): the JSON import (preview, then all or
 * nothing), reading an OpenAPI / Swagger document into tools, and curl drafts. Parsing runs here,
 * on the server: the browser gets plain data. Tools chosen from an OpenAPI document are checked
 * and imported by the JSON import's actions, unchanged.
 */
import { actionSuccess } from "../actions/action-result";
import { defineAction } from "../actions/define-action";
import { ValidationError } from "../errors";
import { createCurlDraft, updateCurlDraft } from "./curl-drafts";
import { inspectOpenApiSource } from "./openapi-import";
import { curlCommandSchema, curlDraftUpdateSchema, importRequestSchema, importTextSchema, openApiSourceSchema, type OpenApiSourceInput } from "./schemas";
import { importTools, previewImport } from "./tool-import";

/** The pasted or uploaded text as JSON, or a ValidationError at the document's top. */
function parseDocumentText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError([{ path: "", message: "This is not valid JSON: check the highlighted place in the editor." }]);
  }
}

/** What importing the document would do, per tool, without writing. */
export const previewImportAction = defineAction(
  { role: "editor", input: importTextSchema, from: (text: string) => text },
  async (text) => actionSuccess(await previewImport(parseDocumentText(text))),
);

/**
 * Imports the document, all or nothing, skipping or overwriting existing names as chosen, and
 * creating missing credentials empty when the operator asked to (refusing the import otherwise).
 */
export const importToolsAction = defineAction(
  {
    role: "editor",
    input: importRequestSchema,
    from: (text: string, choices: Record<string, string>, options: unknown = {}) => ({ text, choices, options }),
    revalidate: [{ path: "/tools", type: "layout" }],
  },
  async ({ text, choices, options }, user) => {
    const report = await importTools(parseDocumentText(text), choices, user, options);
    const written = report.created.length + report.updated.length;
    return actionSuccess(report, `Imported ${written} ${written === 1 ? "tool" : "tools"}.`);
  },
);

/** Every operation of an OpenAPI / Swagger document or request of a Postman collection (pasted, uploaded or at a URL), each as a tool or with the reason it cannot be one. */
export const inspectOpenApiAction = defineAction(
  { role: "editor", input: openApiSourceSchema, from: (input: OpenApiSourceInput) => input },
  async ({ source, server, baseUrl, variables }) => {
    const from = source.kind === "text" ? { text: source.text } : { url: source.url };
    return actionSuccess(await inspectOpenApiSource(from, { server, baseUrl: baseUrl || null, variables }));
  },
);

/** A tool draft from a curl command; its credentials stay on the server (curl-drafts.ts). */
export const curlDraftAction = defineAction(
  { role: "editor", input: curlCommandSchema, from: (command: string) => command },
  async (command, operator) => actionSuccess(createCurlDraft(command, operator.id)),
);

/** Keeps the draft's document after "make this a parameter", so the editor opens on it. */
export const updateCurlDraftAction = defineAction(
  { role: "editor", input: curlDraftUpdateSchema, from: (handle: string, document: unknown) => ({ handle, document }) },
  async ({ handle, document }, operator) => {
    updateCurlDraft(handle, operator.id, document);
    return actionSuccess(undefined);
  },
);
