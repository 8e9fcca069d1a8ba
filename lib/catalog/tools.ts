import "server-only";
/**
 * Reading tools: the list (filtered, sorted and paged in the database; its SQL is in
 * tool-list-sql.ts) with its filter menus, one tool with its secret masks, and every definition
 * (for the registry). Writes live in tool-saves.ts. A tool's definition is stored as its
 * canonical text with secret header values emptied, so nothing read here can carry a secret: a
 * ToolDTO has no field for a plaintext or a ciphertext, only masks.
 */
import type { PersistedToolDefinition } from "../tools";
import { getDb, Prisma } from "../db/client";
import { secretSlot, type SecretLocation } from "../secrets";
import { parseNameList } from "../personas";
import { dialectOfClient, TOOL_SUMMARY_COLUMNS, toolListOrder, toolListWhere, type ToolListFilters, type ToolSort } from "./tool-list-sql";

export type { ToolListFilters, ToolSort } from "./tool-list-sql";

/** A tool as the dashboard sees it. */
export interface ToolDTO {
  readonly id: string;
  readonly name: string;
  /** The persisted form with every secret header and query value "". */
  readonly definition: PersistedToolDefinition;
  /** One entry per stored secret value: its slot (header name, or `?key`) and its mask. */
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
    include: { secrets: { select: { location: true, header: true, mask: true }, orderBy: { header: "asc" } } },
  });
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    definition: parseStoredDefinition(row.definition),
    secrets: row.secrets.map((secret) => ({ header: secretSlot(secret.location as SecretLocation, secret.header), mask: secret.mask })),
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

/** One page of the tool list, and how many tools match in all. */
export interface ToolPage {
  readonly items: ToolSummary[];
  readonly total: number;
}

/** Filters, order and window of one page of the tool list. */
export interface ToolListQuery extends ToolListFilters {
  /** Default "name". */
  readonly sort?: ToolSort;
  /** How many matching tools to skip. */
  readonly offset: number;
  /** How many to return at most, 0 to {@link MAX_TOOL_PAGE_SIZE} (0 only counts). */
  readonly limit: number;
}

export const MAX_TOOL_PAGE_SIZE = 200;

/** Refuses an offset or limit no page could have (a caller's mistake, not an operator's). */
export function checkToolPageWindow({ offset, limit }: Pick<ToolListQuery, "offset" | "limit">): void {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`offset must be a whole number ≥ 0, got ${offset}`);
  if (!Number.isSafeInteger(limit) || limit < 0 || limit > MAX_TOOL_PAGE_SIZE) {
    throw new RangeError(`limit must be a whole number from 0 to ${MAX_TOOL_PAGE_SIZE}, got ${limit}`);
  }
}

/**
 * The data tools matching `query`, filtered, sorted and windowed by the database, with the number
 * matching in all. SQLite and PostgreSQL return the same rows in the same order.
 */
export async function listToolsPage(query: ToolListQuery): Promise<ToolPage> {
  checkToolPageWindow(query);
  const db = getDb();
  const dialect = dialectOfClient(db);
  const where = toolListWhere(query, dialect);
  const order = toolListOrder(query.sort ?? "name", dialect);
  const [items, counted] = await Promise.all([
    query.limit === 0 ? [] : selectSummaries(Prisma.sql`${where} ${order} LIMIT ${query.limit} OFFSET ${query.offset}`),
    db.$queryRaw<{ count: bigint | number }[]>(Prisma.sql`SELECT COUNT(*) AS "count" FROM "tools" ${where}`),
  ]);
  return { items, total: Number(counted[0]?.count ?? 0) };
}

/** Every data tool's list row, by name. */
export async function listTools(): Promise<ToolSummary[]> {
  return selectSummaries(toolListOrder("name", dialectOfClient(getDb())));
}

async function selectSummaries(clauses: Prisma.Sql): Promise<ToolSummary[]> {
  const rows = await getDb().$queryRaw<(Omit<ToolSummary, "tags"> & { tags: string })[]>(
    Prisma.sql`SELECT ${TOOL_SUMMARY_COLUMNS} FROM "tools" ${clauses}`,
  );
  return rows.map((row) => ({ ...row, tags: parseNameList(row.tags) }));
}

/**
 * The distinct groups in use, for the list's filter, ignoring case ("orders" before "Weather").
 * Sorted here, not in SQL: the database's collation (C, en_US, ICU…) would otherwise decide.
 */
export async function listToolGroups(): Promise<string[]> {
  const rows = await getDb().tool.groupBy({ by: ["group"], where: { group: { not: null } } });
  return rows.flatMap((row) => (row.group === null ? [] : [row.group])).sort(compareIgnoringCase);
}

/** The distinct tags in use, for the list's filter (tags are lower-case), by UTF-16 code unit. */
export async function listToolTags(): Promise<string[]> {
  // One row per distinct tag list, not per tool: far fewer than the tools themselves.
  const rows = await getDb().tool.groupBy({ by: ["tags"] });
  return [...new Set(rows.flatMap((row) => parseNameList(row.tags)))].sort();
}

/** The distinct HTTP methods in use, for the list's filter, alphabetically. */
export async function listToolMethods(): Promise<string[]> {
  const rows = await getDb().tool.groupBy({ by: ["method"] });
  return rows.map((row) => row.method).sort();
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

/** The current version of each of `names` that is a stored tool (the others are absent). */
export async function getToolVersions(names: readonly string[]): Promise<Map<string, number>> {
  const rows = await getDb().tool.findMany({ where: { name: { in: [...names] } }, select: { name: true, version: true } });
  return new Map(rows.map((row) => [row.name, row.version]));
}

/** Whether any tool was last saved by an operator rather than by the system (the seed's examples). */
export async function anyToolSavedByAnOperator(systemEmail: string): Promise<boolean> {
  return (await getDb().tool.findFirst({ where: { updatedBy: { not: systemEmail } }, select: { id: true } })) !== null;
}
