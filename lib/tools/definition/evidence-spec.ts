/**
 * Reading and writing `evidence` (SPEC §1.7): how a tool's result becomes citable records. Only
 * the declaration lives here; building the envelope is the executor's job.
 *
 * Decisions written down:
 * - `source` is optional and defaults to the tool's name, so every envelope names where it came from.
 * - `max_items` defaults to {@link DEFAULT_EVIDENCE_ITEMS} and is bounded by
 *   {@link MAX_EVIDENCE_ITEMS}: a model's context is finite, and the default is stored explicitly
 *   so the executor never guesses.
 * - The label `id` is reserved: each record's id (`E1`, `E2`, …) is what a model cites.
 *
 * Persisted form: `{"items_path", "fields", "source", "max_items"}`, `items_path` null when the
 * whole body is one record, `fields` in the order written.
 */
import { isValidPath, pathProblem } from "../paths";
import type { EvidenceSpec } from "../types";
import {
  checkKnownKeys,
  childPath,
  describeValue,
  isAbsent,
  isPlainObject,
  type Issues,
  objectFrom,
} from "./definition-input";

export const DEFAULT_EVIDENCE_ITEMS = 10;
export const MAX_EVIDENCE_ITEMS = 100;

const EVIDENCE_KEYS = ["items_path", "fields", "source", "max_items"];
const RESERVED_LABEL = "id";

export interface PersistedEvidence {
  readonly items_path: string | null;
  readonly fields: Readonly<Record<string, string>>;
  readonly source: string;
  readonly max_items: number;
}

/** Reads `evidence`; absent or null means none is declared. Problems go to `issues`. */
export function parseEvidence(input: unknown, defaultSource: string, issues: Issues): EvidenceSpec | null {
  const path = "evidence";
  if (isAbsent(input)) return null;
  if (!isPlainObject(input)) {
    issues.add(path, `must be an object {"items_path"?, "fields", "source"?, "max_items"?}, found ${describeValue(input)}`);
    return null;
  }
  checkKnownKeys(input, EVIDENCE_KEYS, path, issues);
  return {
    itemsPath: readItemsPath(input.items_path, childPath(path, "items_path"), issues),
    fields: readFields(input.fields, childPath(path, "fields"), issues),
    source: readSource(input.source, defaultSource, childPath(path, "source"), issues),
    maxItems: readMaxItems(input.max_items, childPath(path, "max_items"), issues),
  };
}

/** The persisted (snake_case) form of an evidence declaration. */
export function evidenceToPersisted(evidence: EvidenceSpec): PersistedEvidence {
  return {
    items_path: evidence.itemsPath,
    fields: objectFrom(Object.entries(evidence.fields)),
    source: evidence.source,
    max_items: evidence.maxItems,
  };
}

function readItemsPath(input: unknown, path: string, issues: Issues): string | null {
  if (isAbsent(input)) return null;
  if (isValidPath(input)) return input;
  issues.add(path, pathProblem(input, "must be a dotted path to the list of records, such as data.results; leave it out when the whole body is one record"));
  return null;
}

function readFields(input: unknown, path: string, issues: Issues): Record<string, string> {
  if (!isPlainObject(input) || Object.keys(input).length === 0) {
    issues.add(path, 'must map at least one label to a path inside each record, e.g. {"title": "name", "url": "link"}');
    return {};
  }
  const entries: [string, string][] = [];
  for (const [label, fieldPath] of Object.entries(input)) {
    const entryPath = childPath(path, label);
    if (label.trim() === "") issues.add(entryPath, "a field needs a non-blank label");
    else if (label === RESERVED_LABEL) issues.add(entryPath, 'the label "id" is reserved for the record id a model cites (E1, E2, …): choose another label');
    if (isValidPath(fieldPath)) entries.push([label, fieldPath]);
    else issues.add(entryPath, pathProblem(fieldPath, "must be a dotted path inside each record, such as name or details.link"));
  }
  return objectFrom(entries);
}

function readSource(input: unknown, defaultSource: string, path: string, issues: Issues): string {
  if (isAbsent(input)) return defaultSource;
  if (typeof input === "string" && input.trim() !== "") return input.trim();
  issues.add(path, "must be non-blank text naming where the records come from, e.g. Orders API");
  return defaultSource;
}

function readMaxItems(input: unknown, path: string, issues: Issues): number {
  if (isAbsent(input)) return DEFAULT_EVIDENCE_ITEMS;
  if (Number.isInteger(input) && (input as number) >= 1 && (input as number) <= MAX_EVIDENCE_ITEMS) return input as number;
  issues.add(path, `must be a whole number from 1 to ${MAX_EVIDENCE_ITEMS}, found ${typeof input === "number" ? input : describeValue(input)}`);
  return DEFAULT_EVIDENCE_ITEMS;
}
