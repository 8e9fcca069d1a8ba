"use server";

import { z } from "zod";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import { requireRole } from "@/lib/auth/session";
import { createCurlDraft, updateCurlDraft, type CurlDraftView } from "@/lib/runtime/curl-drafts";
import { inspectOpenApiSource, type InspectedDocument } from "@/lib/runtime/openapi-import";

const openApiSchema = z.object({
  source: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("text"), text: z.string().trim().min(1, "Paste a document or choose a file first.").max(4 * 1024 * 1024) }),
    z.object({ kind: z.literal("url"), url: z.string().trim().min(1, "Enter the document's URL.").max(2048) }),
  ]),
  server: z.number().int().min(0).optional(),
  baseUrl: z.string().trim().max(2048).optional(),
});

/**
 * Every operation of an OpenAPI / Swagger document (pasted, uploaded or at a URL), each as a tool
 * or with the reason it cannot be one (editors and admins). Parsing runs here, on the server:
 * the browser gets plain data. The selected tools are then checked and imported by the JSON
 * import's actions (actions.ts), unchanged.
 */
export async function inspectOpenApiAction(input: z.input<typeof openApiSchema>): Promise<ActionResult<InspectedDocument & { documentUrl: string | null }>> {
  try {
    await requireRole("editor");
    const { source, server, baseUrl } = parseInput(openApiSchema, input);
    const from = source.kind === "text" ? { text: source.text } : { url: source.url };
    return actionSuccess(await inspectOpenApiSource(from, { server, baseUrl: baseUrl || null }));
  } catch (error) {
    return actionFailure(error);
  }
}

/** A tool draft from a curl command; its credentials stay on the server (lib/runtime/curl-drafts.ts). */
export async function curlDraftAction(command: string): Promise<ActionResult<CurlDraftView>> {
  try {
    const operator = await requireRole("editor");
    return actionSuccess(createCurlDraft(parseInput(z.string().trim().min(1, "Paste a curl command first.").max(64 * 1024), command), operator.id));
  } catch (error) {
    return actionFailure(error);
  }
}

const documentSchema = z.object({
  name: z.string().max(200),
  description: z.string().max(10_000),
  parameters: z.object({ type: z.literal("object"), properties: z.record(z.string(), z.record(z.string(), z.unknown())), required: z.array(z.string()) }),
  request: z.object({ method: z.string().max(10), url: z.string().max(8192), headers: z.record(z.string(), z.string()), query: z.record(z.string(), z.string()), body: z.unknown() }),
  secret_headers: z.array(z.string()),
});

/** Keeps the draft's document after "make this a parameter", so the editor opens on it. */
export async function updateCurlDraftAction(handle: string, document: unknown): Promise<ActionResult> {
  try {
    const operator = await requireRole("editor");
    updateCurlDraft(parseInput(z.string().min(1).max(100), handle), operator.id, parseInput(documentSchema, document));
    return actionSuccess(undefined);
  } catch (error) {
    return actionFailure(error);
  }
}
