/**
 * `output_schema` (SPEC §1.2): the shape of a tool's result, for clients that read structured
 * results (MCP's `outputSchema` and `structuredContent`). Optional; when declared it is a schema
 * in the safe subset (§1.3) whose root is `{"type": "object"}` — MCP's rule — and every result is
 * checked against it when the tool runs, so a changed upstream fails in the playground, not in an
 * agent's client.
 *
 * It describes the extracted result, so it needs an extraction that yields a JSON object:
 * `json_path` (the value at the path) or `body_raw` (the whole body, which then must be JSON).
 * It is refused beside `status` (a number), beside `evidence_envelope` (whose shape is fixed, and
 * declared by Quiver itself: {@link toolOutputSchema}) and beside `halt_when`: a halted call's
 * structured result is the halt (`{halt, say, payload}`), which the schema would not describe.
 */
import type { ExtractKind, ObjectSchema, ToolDefinition } from "../types";
import { deepFreeze, describeValue, isAbsent, isPlainObject, type Issues } from "./definition-input";
import { readObjectRootSchema } from "./schema-subset";

const PATH = "output_schema";

/** What the schema is checked against: the extraction and whether a halt is declared. */
export interface OutputSchemaContext {
  readonly extract: ExtractKind;
  readonly declaresHalt: boolean;
}

/** Reads `output_schema`: null when absent, otherwise the canonical schema; problems go to `issues`. */
export function parseOutputSchema(input: unknown, { extract, declaresHalt }: OutputSchemaContext, issues: Issues): ObjectSchema | null {
  if (isAbsent(input)) return null;
  if (!isPlainObject(input)) {
    issues.add(PATH, `must be a JSON Schema object ({"type": "object", "properties": {…}}) or null, found ${describeValue(input)}`);
    return null;
  }
  const schema = readObjectRootSchema(input, PATH, "a structured result is always an object", issues);
  if (extract === "status") {
    issues.add(PATH, "cannot describe extract status, whose result is a number: extract json_path or body_raw, or remove the output schema");
  } else if (extract === "evidence_envelope") {
    issues.add(PATH, "is not needed with extract evidence_envelope: evidence records have a fixed shape, which Quiver declares itself");
  }
  if (declaresHalt) {
    issues.add(PATH, "cannot be combined with halt_when: a halted call's structured result is the halt (halt, say, payload), which the schema would not describe; remove one of them");
  }
  return schema;
}

/** The evidence envelope's shape (execution/evidence-envelope.ts): the record fields are whatever their paths hold. */
const EVIDENCE_ENVELOPE_SCHEMA = deepFreeze({
  type: "object",
  properties: {
    source: { type: "string", description: "Where the records come from." },
    retrieved_at: { type: "string", format: "date-time", description: "When the upstream response was received." },
    status: { type: "integer", description: "The upstream HTTP status." },
    evidence: {
      type: "array",
      description: "Citable records; cite them by id.",
      items: { type: "object", properties: { id: { type: "string", description: "E1, E2, … in order." } }, required: ["id"] },
    },
  },
  required: ["source", "retrieved_at", "status", "evidence"],
}) as unknown as ObjectSchema;

/** The schema every successful, non-halting result of `def` satisfies, or null when its shape is not known. */
export function toolOutputSchema(def: ToolDefinition): ObjectSchema | null {
  if (def.haltWhen !== null) return null;
  if (def.outputSchema !== null) return def.outputSchema;
  return def.response.extract === "evidence_envelope" ? EVIDENCE_ENVELOPE_SCHEMA : null;
}

