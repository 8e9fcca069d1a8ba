import "server-only";
/**
 * The audit trail: recording a change (inside the caller's transaction) and reading it, newest
 * first: by exact filters for callers that know what they look for (listAuditEvents, paged by
 * cursor), and by partial, case-insensitive text for the audit page (searchAuditEvents, numbered
 * pages with a total).
 */
import type { AuditAction, AuditEntry, AuditTargetType } from "./events";
import type { Dialect } from "../db/database-url";
import { getDb, Prisma, type AuditEvent, type Tx } from "../db/client";
import { parseJson, toJsonText } from "../db/json-columns";
import { postgresRegex, searchCharacters, sqliteGlob } from "../db/search-pattern";
import { dialectOfClient } from "../catalog";

/** One recorded change, as the audit page shows it. */
export interface AuditEventDTO extends Omit<AuditEntry, "actor"> {
  readonly id: number;
  readonly createdAt: Date;
  readonly actorId: string | null;
  readonly actorEmail: string;
}

export interface AuditFilters {
  /** The actor's e-mail. */
  readonly actor?: string;
  readonly targetType?: AuditTargetType;
  readonly targetId?: string;
  /** The target's name as shown (a tool name, a persona slug, an operator's e-mail). */
  readonly targetName?: string;
  readonly action?: AuditAction;
  /** Actions left out (the Overview's changes leave out sign-ins). */
  readonly exceptActions?: readonly AuditAction[];
  /** The `nextCursor` of the previous page. */
  readonly cursor?: number | null;
  readonly limit?: number;
}

export interface AuditPage {
  readonly events: AuditEventDTO[];
  /** Pass as `cursor` for the next (older) page; null when this is the last one. */
  readonly nextCursor: number | null;
}

const DEFAULT_PAGE_SIZE = 50;
/** The most events one call returns. */
export const MAX_PAGE_SIZE = 200;

/**
 * Records `entry` through `tx`, so the event commits or rolls back with the change it describes.
 * A bad actor id fails the insert (foreign key) and with it the whole change.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.auditEvent.create({
    data: {
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetName: entry.targetName,
      before: entry.before === null ? null : toJsonText(entry.before),
      after: entry.after === null ? null : toJsonText(entry.after),
    },
  });
}

/** A page of audit events matching `filters`, newest first. */
export async function listAuditEvents(filters: AuditFilters = {}): Promise<AuditPage> {
  const limit = Math.min(Math.max(Math.trunc(filters.limit ?? DEFAULT_PAGE_SIZE), 1), MAX_PAGE_SIZE);
  const rows = await getDb().auditEvent.findMany({
    where: {
      actorEmail: filters.actor?.trim().toLowerCase() || undefined,
      targetType: filters.targetType,
      targetId: filters.targetId,
      targetName: filters.targetName?.trim() || undefined,
      action: filters.action ?? (filters.exceptActions ? { notIn: [...filters.exceptActions] } : undefined),
      id: filters.cursor == null ? undefined : { lt: filters.cursor },
    },
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  return { events: page.map(toAuditEventDTO), nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

/** What the audit page narrows the trail to; every filter given must hold. */
export interface AuditSearch {
  /** Occurs in the actor's e-mail ("system" and "anonymous" included), ignoring case. */
  readonly actor?: string;
  /** Occurs in the target's name (a tool name, a persona slug, an operator's e-mail, a key id), ignoring case. */
  readonly target?: string;
  readonly action?: AuditAction;
  readonly targetType?: AuditTargetType;
  /** How many of the newest matches to skip. */
  readonly offset: number;
  /** How many to return, 1 to {@link MAX_PAGE_SIZE}. */
  readonly limit: number;
}

/** One page of matches and how many match in all. */
export interface AuditSearchPage {
  readonly events: AuditEventDTO[];
  readonly total: number;
}

/**
 * The events matching `search`, newest first, windowed by the database. The text filters follow
 * the tool list's search (search-pattern.ts): the same matches on SQLite and PostgreSQL, and
 * `%`, `_` and every other character stand for themselves.
 */
export async function searchAuditEvents(search: AuditSearch): Promise<AuditSearchPage> {
  if (!Number.isSafeInteger(search.offset) || search.offset < 0) throw new RangeError(`offset must be a whole number ≥ 0, got ${search.offset}`);
  if (!Number.isSafeInteger(search.limit) || search.limit < 1 || search.limit > MAX_PAGE_SIZE) {
    throw new RangeError(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}, got ${search.limit}`);
  }
  const db = getDb();
  const where = auditSearchWhere(search, dialectOfClient(db));
  const [ids, counted] = await Promise.all([
    db.$queryRaw<{ id: number }[]>(Prisma.sql`SELECT "id" FROM "audit_events" ${where} ORDER BY "id" DESC LIMIT ${search.limit} OFFSET ${search.offset}`),
    db.$queryRaw<{ count: bigint | number }[]>(Prisma.sql`SELECT COUNT(*) AS "count" FROM "audit_events" ${where}`),
  ]);
  const rows = await db.auditEvent.findMany({ where: { id: { in: ids.map((row) => Number(row.id)) } }, orderBy: { id: "desc" } });
  return { events: rows.map(toAuditEventDTO), total: Number(counted[0]?.count ?? 0) };
}

/** `WHERE …` for the filters of `search`, or nothing when none applies. Every value is a bound parameter. */
function auditSearchWhere(search: AuditSearch, dialect: Dialect): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  const contains = (column: Prisma.Sql, text: string | undefined) => {
    const characters = searchCharacters(text);
    if (!characters) return;
    conditions.push(dialect === "sqlite" ? Prisma.sql`${column} GLOB ${sqliteGlob(characters)}` : Prisma.sql`${column} ~ ${postgresRegex(characters)}`);
  };
  contains(Prisma.sql`"actor_email"`, search.actor);
  contains(Prisma.sql`"target_name"`, search.target);
  if (search.action) conditions.push(Prisma.sql`"action" = ${search.action}`);
  if (search.targetType) conditions.push(Prisma.sql`"target_type" = ${search.targetType}`);
  return conditions.length === 0 ? Prisma.empty : Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}`;
}

function toAuditEventDTO(row: AuditEvent): AuditEventDTO {
  return {
    id: row.id,
    createdAt: row.createdAt,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action as AuditAction,
    targetType: row.targetType as AuditTargetType,
    targetId: row.targetId,
    targetName: row.targetName,
    before: row.before === null ? null : parseJson(row.before),
    after: row.after === null ? null : parseJson(row.after),
  };
}

/** The targets of type `targetType` an operator (not the system) has changed, by name (a persona's slug). */
export async function targetsChangedByOperators(targetType: AuditTargetType): Promise<Set<string>> {
  const rows = await getDb().auditEvent.findMany({ where: { targetType, actorId: { not: null } }, distinct: ["targetName"], select: { targetName: true } });
  return new Set(rows.map((row) => row.targetName));
}
