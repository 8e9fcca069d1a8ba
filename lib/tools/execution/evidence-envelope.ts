/**
 * The evidence envelope (SPEC §1.7): a tool's result reshaped into citable records. Ids run E1..En
 * in the order the records appear, so a model can cite them within one response. A field whose
 * path is missing in a record is left out of that record; a field whose value is null stays null.
 */
import { MISSING, walkPath } from "../paths";
import type { EvidenceSpec } from "../types";

export type EvidenceRecord = { readonly id: string } & Readonly<Record<string, unknown>>;

export interface EvidenceEnvelope {
  readonly source: string;
  /** ISO 8601 time the upstream response was received. */
  readonly retrieved_at: string;
  /** The upstream HTTP status. */
  readonly status: number;
  readonly evidence: readonly EvidenceRecord[];
}

export type EnvelopeOutcome =
  | { readonly ok: true; readonly envelope: EvidenceEnvelope }
  | { readonly ok: false; readonly message: string };

function record(item: unknown, index: number, fields: EvidenceSpec["fields"]): EvidenceRecord {
  const entries: [string, unknown][] = [["id", `E${index + 1}`]];
  for (const [label, path] of Object.entries(fields)) {
    const value = walkPath(item, path);
    if (value !== MISSING) entries.push([label, value]);
  }
  // fromEntries defines own properties, so even a label like __proto__ stays a field.
  return Object.fromEntries(entries) as EvidenceRecord;
}

/**
 * Builds the envelope from a parsed JSON body. With `itemsPath`, that path must lead to a list
 * (a missing path or a non-list is an error naming the path); without it the whole body is one
 * record. At most `maxItems` records are kept, the first ones.
 */
export function buildEvidenceEnvelope(
  spec: EvidenceSpec,
  body: unknown,
  received: { readonly status: number; readonly retrievedAt: Date },
): EnvelopeOutcome {
  let items: readonly unknown[] = [body];
  if (spec.itemsPath !== null) {
    const list = walkPath(body, spec.itemsPath);
    if (list === MISSING) return { ok: false, message: `The response has no value at items_path "${spec.itemsPath}"` };
    if (!Array.isArray(list)) return { ok: false, message: `The value at items_path "${spec.itemsPath}" is not a list` };
    items = list;
  }
  const kept = items.slice(0, spec.maxItems);
  return {
    ok: true,
    envelope: {
      source: spec.source,
      retrieved_at: received.retrievedAt.toISOString(),
      status: received.status,
      evidence: kept.map((item, index) => record(item, index, spec.fields)),
    },
  };
}
