import "server-only";
/**
 * A tool's revision history: every saved version, newest first, each viewable in full (secret
 * values empty) so the dashboard can show, compare and restore it.
 */
import { NotFoundError } from "../errors";
import type { PersistedToolDefinition } from "../tools";
import { getDb } from "../db/client";
import { parseStoredDefinition } from "./tools";

/** One entry of the history list. */
export interface ToolRevisionSummary {
  readonly version: number;
  readonly createdAt: Date;
  /** E-mail of whoever saved it. */
  readonly createdBy: string;
  readonly note: string | null;
}

export interface ToolRevisionDTO extends ToolRevisionSummary {
  readonly definition: PersistedToolDefinition;
}

/** Tool `name`'s revisions, newest first. NotFoundError when there is no such tool. */
export async function listToolRevisions(name: string): Promise<ToolRevisionSummary[]> {
  const tool = await getDb().tool.findUnique({
    where: { name },
    select: {
      revisions: { select: { version: true, createdAt: true, createdBy: true, note: true }, orderBy: { version: "desc" } },
    },
  });
  if (!tool) throw new NotFoundError(`Tool "${name}" does not exist.`);
  return tool.revisions;
}

/** Revision `version` of tool `name`, or null when either does not exist. */
export async function getToolRevision(name: string, version: number): Promise<ToolRevisionDTO | null> {
  const revision = await getDb().toolRevision.findFirst({ where: { tool: { name }, version } });
  if (!revision) return null;
  return {
    version: revision.version,
    createdAt: revision.createdAt,
    createdBy: revision.createdBy,
    note: revision.note,
    definition: parseStoredDefinition(revision.definition),
  };
}
