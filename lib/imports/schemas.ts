/** Inputs of the import page (app/(dashboard)/tools/import-tools): JSON import, OpenAPI, curl. */
import { z } from "zod";
import { boundedJson, boundedList, boundedRecord, boundedText, boundedTrimmedText, INPUT_LIMITS } from "../actions/input-limits";

/** A pasted or uploaded import document. */
export const importTextSchema = boundedTrimmedText(INPUT_LIMITS.document).min(1, "Paste an export or choose a file first.");

/** Per existing tool name: skip it or overwrite it. */
export const importChoicesSchema = boundedRecord(
  boundedText(INPUT_LIMITS.toolName),
  z.enum(["skip", "overwrite"], { error: 'Choose "skip" or "overwrite"' }),
);

/** How an import treats credentials its tools name that do not exist: refuse (the default) or create them empty. */
export const importOptionsSchema = z.object({
  createMissingCredentials: z.boolean().default(false),
  /** What a credential created empty is (an API key in the query, Postman's Basic auth); without one, a header credential on Authorization. */
  proposedCredentials: boundedList(
    z.discriminatedUnion("kind", [
      z.object({ name: boundedText(INPUT_LIMITS.toolName), kind: z.literal("query"), parameterName: boundedText(INPUT_LIMITS.headerName).min(1) }),
      z.object({ name: boundedText(INPUT_LIMITS.toolName), kind: z.literal("basic"), username: boundedText(INPUT_LIMITS.headerName).min(1) }),
    ]),
  ).default([]),
});

/** An OpenAPI / Swagger document or a Postman collection to read: pasted text or a URL, which server to call, and a collection's variable values. */
export const openApiSourceSchema = z.object({
  source: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("text"), text: boundedTrimmedText(INPUT_LIMITS.document).min(1, "Paste a document or choose a file first.") }),
    z.object({ kind: z.literal("url"), url: boundedTrimmedText(INPUT_LIMITS.url).min(1, "Enter the document's URL.") }),
  ]),
  server: z.number().int().min(0).optional(),
  baseUrl: boundedTrimmedText(INPUT_LIMITS.url).optional(),
  variables: boundedRecord(boundedText(INPUT_LIMITS.headerName), boundedText(INPUT_LIMITS.url)).optional(),
});

/** What the OpenAPI import sends. */
export type OpenApiSourceInput = z.input<typeof openApiSourceSchema>;

/** A pasted curl command. */
export const curlCommandSchema = boundedTrimmedText(INPUT_LIMITS.curlCommand).min(1, "Paste a curl command first.");

/** A curl draft's document after "make this a parameter": a tool definition's size at most, in the draft's shape. */
export const curlDraftUpdateSchema = z.object({
  handle: boundedText(INPUT_LIMITS.id).min(1),
  document: boundedJson(INPUT_LIMITS.definitionBytes).pipe(
    z.object({
      name: z.string(),
      description: z.string(),
      parameters: z.object({ type: z.literal("object"), properties: z.record(z.string(), z.record(z.string(), z.unknown())), required: z.array(z.string()) }),
      request: z.object({ method: z.string(), url: z.string(), headers: z.record(z.string(), z.string()), query: z.record(z.string(), z.string()), body: z.unknown() }),
      secret_headers: z.array(z.string()),
    }),
  ),
});

/** A JSON import: the document's text, what to do with each existing name, and the options. */
export const importRequestSchema = z.object({ text: importTextSchema, choices: importChoicesSchema, options: importOptionsSchema });
