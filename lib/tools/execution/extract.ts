/**
 * Extraction (SPEC §1.5 step 7): what part of an upstream response becomes the tool's result.
 * `body_raw` is the text, `status` the HTTP status, `json_path` one value from the JSON body and
 * `evidence_envelope` citable records (§1.7). A tool declaring `output_schema` has its result
 * checked against it, and its `body_raw` result is the body as JSON. The body is parsed at most
 * once per response and the parse is shared with the halt decision.
 */
import { MISSING, walkPath } from "../paths";
import type { ToolDefinition } from "../types";
import { buildEvidenceEnvelope } from "./evidence-envelope";
import { outputMismatch } from "./output-shape";

export type ParsedBody = { readonly valid: true; readonly value: unknown } | { readonly valid: false };

/** A received response, as extraction and halting read it. */
export interface ReceivedResponse {
  readonly status: number;
  /** The body as text, as received: the caller redacts what extraction returns. */
  readonly body: string;
  readonly retrievedAt: Date;
  /** The body parsed as JSON, computed on first use. */
  readonly json: () => ParsedBody;
}

export type Extraction =
  | { readonly ok: true; readonly kind: "text" | "json"; readonly content: unknown }
  | { readonly ok: false; readonly message: string };

/** A memoised JSON parse of `body`: a parse failure is a value, not an exception. */
export function lazyJson(body: string): () => ParsedBody {
  let parsed: ParsedBody | undefined;
  return () => {
    if (parsed === undefined) {
      try {
        parsed = { valid: true, value: JSON.parse(body) };
      } catch {
        parsed = { valid: false };
      }
    }
    return parsed;
  };
}

function notJson(purpose: string): Extraction {
  return { ok: false, message: `The response body is not valid JSON, so ${purpose} cannot be read` };
}

/** Applies the definition's `response.extract` to a received response, and its `output_schema` to the result. */
export function extractResult(def: ToolDefinition, received: ReceivedResponse): Extraction {
  const extraction = extractValue(def, received);
  if (!extraction.ok || def.outputSchema === null) return extraction;
  const mismatch = outputMismatch(def.outputSchema, extraction.content);
  return mismatch === null ? extraction : { ok: false, message: mismatch };
}

function extractValue(def: ToolDefinition, received: ReceivedResponse): Extraction {
  switch (def.response.extract) {
    case "body_raw": {
      if (def.outputSchema === null) return { ok: true, kind: "text", content: received.body };
      const parsed = received.json();
      if (!parsed.valid) return { ok: false, message: "The response body is not valid JSON, but the tool's output schema describes a JSON object" };
      return { ok: true, kind: "json", content: parsed.value };
    }
    case "status":
      return { ok: true, kind: "json", content: received.status };
    case "json_path": {
      const path = def.response.path ?? "";
      const parsed = received.json();
      if (!parsed.valid) return notJson(`json_path "${path}"`);
      const value = walkPath(parsed.value, path);
      if (value === MISSING) return { ok: false, message: `The response has no value at json_path "${path}"` };
      return { ok: true, kind: "json", content: value };
    }
    case "evidence_envelope": {
      if (!def.evidence) return { ok: false, message: "The tool extracts evidence but declares no evidence fields" };
      const parsed = received.json();
      if (!parsed.valid) return notJson("evidence");
      const outcome = buildEvidenceEnvelope(def.evidence, parsed.value, received);
      return outcome.ok ? { ok: true, kind: "json", content: outcome.envelope } : outcome;
    }
  }
}
