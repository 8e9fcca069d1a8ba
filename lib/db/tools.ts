/**
 * Reading tools: the list, one tool with its secret masks, and every definition (for the
 * registry). Writes live in tool-saves.ts. A tool's definition is stored as its canonical text
 * with secret header values emptied, so nothing read here can carry a secret: a ToolDTO has no
 * field for a plaintext or a ciphertext, only masks.
 */
import { matchesToolSearch, type PersistedToolDefinition } from "../tools";
import { getDb } from "./client";
import { parseNameList } from "./json-columns";

/** A tool as the dashboard sees it. */
export interface ToolDTO {
  readonly id: string;
  readonly name: string;
  /** The persisted form with every secret header value "". */
  readonly definition: PersistedToolDefinition;
  /** One entry per stored secret value: its header and its mask. */
  readonly secrets: readonly ToolSecretMask[];
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** E-mail of whoever made the latest change. */
  readonly updatedBy: string;
}

export interface ToolSecretMask {
  readonly header: string;
  readonly mask: string;
}

/** One row of the tool list. */
export interface ToolSummary {
  readonly name: string;
  readonly description: string;
  readonly group: string | null;
  readonly tags: readonly string[];
  readonly method: string;
  readonly sideEffect: boolean;
  readonly version: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly updatedBy: string;
}

export interface ToolListFilters {
  /** Matches name or description, ignoring case (see matchesToolSearch). */
  readonly search?: string;
  readonly group?: string;
  /** Matches one tag exactly (tags are stored lower-case). */
  readonly tag?: string;
}

/** A stored definition, for building the registry. */
export interface StoredToolDefinition {
  /** Unique per tool ever created: a tool deleted and created again under its name restarts at version 1 with a new id. */
  readonly id: string;
  readonly name: string;
  readonly version: number;
  readonly definition: PersistedToolDefinition;
}

/** The persisted form stored as `text`. */
export function parseStoredDefinition(text: string): PersistedToolDefinition {
  return JSON.parse(text) as PersistedToolDefinition;
}

/** The tool named `name` with its secret masks, or null. */
export async function getTool(name: string): Promise<ToolDTO | null> {
  const row = await getDb().tool.findUnique({
    where: { name },
    include: { secrets: { select: { header: true, mask: true }, orderBy: { header: "asc" } } },
  });
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    definition: parseStoredDefinition(row.definition),
    secrets: row.secrets.map((secret) => ({ header: secret.header, mask: secret.mask })),
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

/**
 * The tools matching `filters`, by name. Search and tag are matched here rather than in SQL so
 * both dialects agree on case folding (SQLite's LIKE folds ASCII only, PostgreSQL's not at all).
 */
export async function listTools(filters: ToolListFilters = {}): Promise<ToolSummary[]> {
  const group = filters.group?.trim();
  const rows = await getDb().tool.findMany({
    where: group ? { group } : undefined,
    select: {
      name: true, description: true, group: true, tags: true, method: true, sideEffect: true,
      version: true, createdAt: true, updatedAt: true, updatedBy: true,
    },
    orderBy: { name: "asc" },
  });
  const tag = filters.tag?.trim().toLowerCase();
  return rows
    .map((row) => ({ ...row, tags: parseNameList(row.tags) }))
    .filter((tool) => matchesToolSearch(tool, filters.search))
    .filter((tool) => !tag || tool.tags.includes(tag));
}

/**
 * The distinct groups in use, for the list's filter, ignoring case ("orders" before "Weather").
 * Sorted here, not in SQL: the database's collation (C, en_US, ICU…) would otherwise decide.
 */
export async function listToolGroups(): Promise<string[]> {
  const rows = await getDb().tool.findMany({
    where: { group: { not: null } },
    select: { group: true },
    distinct: ["group"],
  });
  return rows.flatMap((row) => (row.group === null ? [] : [row.group])).sort(compareIgnoringCase);
}

/** Case-insensitive, then exact, by UTF-16 code unit: the same order in every locale. */
function compareIgnoringCase(a: string, b: string): number {
  const [lowerA, lowerB] = [a.toLowerCase(), b.toLowerCase()];
  if (lowerA !== lowerB) return lowerA < lowerB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Every stored definition (secret values empty), by name. */
export async function listToolDefinitions(): Promise<StoredToolDefinition[]> {
  const rows = await getDb().tool.findMany({
    select: { id: true, name: true, version: true, definition: true },
    orderBy: { name: "asc" },
  });
  return rows.map((row) => ({ ...row, definition: parseStoredDefinition(row.definition) }));
}
