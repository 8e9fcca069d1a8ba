/**
 * A large, realistic, reproducible tool catalog for benchmarks: varied groups (some non-ASCII,
 * some none), 0–4 tags from a pool, methods weighted as real APIs are (mostly GET), descriptions
 * of 40–250 characters in English, German and French, and update times over the past year.
 * Inserted in bulk, row for row what saveTool stores (its list columns and revision 1), since
 * 5,000 saves one by one — each a transaction with an audit event — would dominate the run.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../lib/db/client";
import { toJsonText } from "../lib/db/json-columns";
import { parseToolDefinition, serializeToolDefinition, withoutSecretValues, type ToolDefinition } from "../lib/tools";

const VERBS = ["get", "list", "create", "update", "delete", "search", "sync", "lookup", "send", "cancel", "refund", "export", "validate", "schedule", "translate", "archive"];
const NOUNS = ["order", "invoice", "customer", "shipment", "ticket", "payment", "subscription", "product", "stock_level", "forecast", "exchange_rate", "calendar_event", "lead", "contract", "document", "account", "support_case", "report"];
const GROUPS = ["billing", "crm", "orders", "logistics", "support", "Weather", "finance", "hr", "marketing", "inventory", "Analytics", "compliance", "Übersetzung", "payments", "identity", "Lager", "notifications", "documents", "calendar", "ops"];
const TAGS = ["internal", "public", "b2b", "b2c", "beta", "deprecated", "pii", "read-only", "eu", "us", "apac", "v2", "legacy", "critical", "batch", "realtime", "cached", "slow", "gdpr", "größe", "naïve", "sandbox", "partner", "mobile"];
const METHODS = [["GET", 55], ["POST", 25], ["PUT", 8], ["PATCH", 6], ["DELETE", 4], ["HEAD", 2]] as const;
const SENTENCES = [
  "Returns the current state as JSON.",
  "Use it when the user asks about the status of a specific record.",
  "Requires the record id; never guess one.",
  "Paginated: pass a cursor to fetch the next page.",
  "Liefert die Daten für einen Kunden, inklusive Größe und Gewicht der Sendung.",
  "Résumé des opérations du jour, trié par priorité.",
  "Only for internal operators — agents must confirm with the user first.",
  "Rate-limited to 10 calls per minute per tenant.",
  "Öffnet einen neuen Vorgang im Ticketsystem.",
  "Amounts are in cents (100% = the full amount).",
];

/** A seeded pseudo-random generator (mulberry32), so every run builds the same catalog. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A valid tool document for each of `count` tools, with the time each was last saved. */
export function benchTools(count: number, now = Date.now()): { definition: ToolDefinition; savedAt: Date }[] {
  const random = generator(8);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const weighted = (): string => {
    let roll = random() * 100;
    for (const [method, weight] of METHODS) if ((roll -= weight) < 0) return method;
    return "GET";
  };
  return Array.from({ length: count }, (_, index) => {
    const [verb, noun, method] = [pick(VERBS), pick(NOUNS), weighted()];
    const sentences = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(SENTENCES));
    const tags = Array.from({ length: Math.floor(random() * 5) }, () => pick(TAGS));
    const request: Record<string, unknown> = {
      method,
      url: `https://api${index % 37}.example.com/v1/${noun}s/{{id}}`,
      headers: { Accept: "application/json" },
    };
    if (["POST", "PUT", "PATCH"].includes(method)) request.body = { id: "{{id}}", note: "{{note}}" };
    const definition = parseToolDefinition({
      name: `${verb}_${noun}_${index}`,
      description: `${verb[0]!.toUpperCase()}${verb.slice(1)} a ${noun.replaceAll("_", " ")}. ${sentences.join(" ")}`,
      parameters: {
        type: "object",
        properties: { id: { type: "string", description: `The ${noun} id.` }, note: { type: "string" } },
        required: ["id"],
      },
      request,
      group: random() < 0.15 ? null : pick(GROUPS),
      tags,
      ...(random() < 0.05 ? { side_effect: method === "GET" } : {}),
    });
    return { definition, savedAt: new Date(now - Math.floor(random() * 365 * 24 * 3600 * 1000)) };
  });
}

/** The `tools` row saveTool writes for `definition` (tool-version-writes.ts, writeToolVersion), without id and times. */
export function toolColumns(definition: ToolDefinition, updatedBy: string) {
  const stored = withoutSecretValues(definition);
  return {
    name: stored.name,
    description: stored.description,
    group: stored.group,
    tags: toJsonText(stored.tags),
    method: stored.request.method,
    sideEffect: stored.sideEffect,
    definition: serializeToolDefinition(stored),
    updatedBy,
    version: 1,
  };
}

/** Inserts the tools and their first revisions in batches (a few hundred rows per statement). */
export async function insertTools(db: Db, tools: readonly { definition: ToolDefinition; savedAt: Date }[], updatedBy: string): Promise<void> {
  const BATCH = 500;
  for (let start = 0; start < tools.length; start += BATCH) {
    const rows = tools.slice(start, start + BATCH).map(({ definition, savedAt }) => ({
      ...toolColumns(definition, updatedBy),
      id: randomUUID(),
      createdAt: savedAt,
      updatedAt: savedAt,
    }));
    await db.tool.createMany({ data: rows });
    await db.toolRevision.createMany({
      data: rows.map((row) => ({ toolId: row.id, version: 1, definition: row.definition, note: null, createdBy: updatedBy, createdAt: row.createdAt })),
    });
  }
}
