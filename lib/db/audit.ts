/**
 * The audit trail: recording a change (inside the caller's transaction) and reading the trail
 * for the audit page, newest first, one page at a time.
 */
import type { AuditAction, AuditEntry, AuditTargetType } from "../audit/events";
import { getDb, type Tx } from "./client";
import { parseJson, toJsonText } from "./json-columns";

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
const MAX_PAGE_SIZE = 200;

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
      action: filters.action,
      id: filters.cursor == null ? undefined : { lt: filters.cursor },
    },
    orderBy: { id: "desc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    events: page.map((row) => ({
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
    })),
    nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
