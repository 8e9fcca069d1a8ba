"use server";

import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import { curlCommandSchema, curlDraftUpdateSchema, openApiSourceSchema, type OpenApiSourceInput } from "@/lib/actions/schemas/imports";
import { requireRole } from "@/lib/auth/session";
import { createCurlDraft, updateCurlDraft, type CurlDraftView } from "@/lib/runtime/curl-drafts";
import { inspectOpenApiSource, type InspectedDocument } from "@/lib/runtime/openapi-import";

/**
 * Every operation of an OpenAPI / Swagger document (pasted, uploaded or at a URL), each as a tool
 * or with the reason it cannot be one (editors and admins). Parsing runs here, on the server:
 * the browser gets plain data. The selected tools are then checked and imported by the JSON
 * import's actions (actions.ts), unchanged.
 */
export async function inspectOpenApiAction(input: OpenApiSourceInput): Promise<ActionResult<InspectedDocument & { documentUrl: string | null }>> {
  try {
    await requireRole("editor");
    const { source, server, baseUrl } = parseInput(openApiSourceSchema, input);
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
    return actionSuccess(createCurlDraft(parseInput(curlCommandSchema, command), operator.id));
  } catch (error) {
    return actionFailure(error);
  }
}

/** Keeps the draft's document after "make this a parameter", so the editor opens on it. */
export async function updateCurlDraftAction(handle: string, document: unknown): Promise<ActionResult> {
  try {
    const operator = await requireRole("editor");
    const input = parseInput(curlDraftUpdateSchema, { handle, document });
    updateCurlDraft(input.handle, operator.id, input.document);
    return actionSuccess(undefined);
  } catch (error) {
    return actionFailure(error);
  }
}
