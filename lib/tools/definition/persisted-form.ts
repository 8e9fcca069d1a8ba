/**
 * The canonical persisted form of a definition (SPEC §1.1): snake_case keys in a fixed order, so
 * the same definition always serialises to the same bytes. Canonical shapes:
 * - `request` is `{"method", "url", "headers", "query", "body"}`, then `body_format` only when
 *   not "json" and `query_style` only when a key is not "repeat" (SPEC §1.8);
 * - `response` is always `{"extract", "path"}`, `path` null unless `extract` is `json_path`;
 * - `halt_when` is null or `{"json_path", "equals", "say"}`, `equals` as strings and `say` null,
 *   `{"json_path"}` or `{"text"}`;
 * - `secret_query` (SPEC §1.8) appears only when it names a key, right after `secret_headers`;
 * - `evidence`, `auth` and then `output_schema` appear only when declared, and `trace_context`
 *   only when false (its default is true), so a tool without them is byte-identical to one
 *   written before they existed;
 * - the parameters and output schemas are canonical already (`canonical-schema.ts`): keywords in one fixed
 *   order, `properties` in the order written (parameter order is what forms display);
 * - the other free-form objects (headers, query, body, evidence fields) keep the order written.
 * `warnings` are not part of the form. Secret header and query values are; export
 * `withoutSecretValues(definition)` for anything leaving the server.
 */
import type { ObjectSchema, ToolDefinition } from "../types";
import { evidenceToPersisted, type PersistedEvidence } from "./evidence-spec";
import { haltWhenToPersisted, type PersistedHaltWhen } from "./halt-when";
import { requestToPersisted, type PersistedRequest } from "./request-template";
import { authToPersisted, type PersistedAuth } from "./tool-auth";

export interface PersistedToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters: ObjectSchema;
  readonly request: PersistedRequest;
  readonly response: { readonly extract: string; readonly path: string | null };
  readonly secret_headers: readonly string[];
  readonly secret_query?: readonly string[];
  readonly side_effect: boolean;
  readonly timeout: number | null;
  readonly group: string | null;
  readonly tags: readonly string[];
  readonly halt_when: PersistedHaltWhen | null;
  readonly evidence?: PersistedEvidence;
  readonly auth?: PersistedAuth;
  readonly output_schema?: ObjectSchema;
  readonly trace_context?: false;
}

/**
 * The persisted form as a plain object, keys in canonical order. It is a fresh, mutable copy
 * (a form may edit it and parse it again); the definition itself stays frozen.
 */
export function toPersistedForm(definition: ToolDefinition): PersistedToolDefinition {
  return JSON.parse(serializeToolDefinition(definition)) as PersistedToolDefinition;
}

/** Canonical JSON of `definition`: same definition, same bytes. */
export function serializeToolDefinition(definition: ToolDefinition): string {
  return JSON.stringify(canonicalForm(definition));
}

/** Builds the canonical form around the definition's own (frozen) parts. */
function canonicalForm(definition: ToolDefinition): PersistedToolDefinition {
  const { request, response } = definition;
  const form: PersistedToolDefinition = {
    name: definition.name,
    description: definition.description,
    parameters: definition.parameters,
    request: requestToPersisted(request),
    response: { extract: response.extract, path: response.path },
    secret_headers: definition.secretHeaders,
    ...(definition.secretQuery.length === 0 ? {} : { secret_query: definition.secretQuery }),
    side_effect: definition.sideEffect,
    timeout: definition.timeout,
    group: definition.group,
    tags: definition.tags,
    halt_when: definition.haltWhen === null ? null : haltWhenToPersisted(definition.haltWhen),
  };
  const withEvidence = definition.evidence === null ? form : { ...form, evidence: evidenceToPersisted(definition.evidence) };
  const withAuth = definition.auth === null ? withEvidence : { ...withEvidence, auth: authToPersisted(definition.auth) };
  const withOutput = definition.outputSchema === null ? withAuth : { ...withAuth, output_schema: definition.outputSchema };
  return definition.sendsTraceContext ? withOutput : { ...withOutput, trace_context: false };
}
