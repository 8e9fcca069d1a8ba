import "server-only";
/**
 * The tool a change starts from, read inside the change's transaction (with its stored secrets),
 * and the errors a change meets when that tool is gone or has moved past the version the change
 * was based on (SPEC §6: say who changed what, never overwrite silently).
 */
import { ConflictError, NotFoundError } from "../errors";
import type { Tx } from "../db/client";
import { parseJson } from "../db/json-columns";
import { changedFields, staleSaveMessage } from "./tool-conflicts";
import { storedSecretColumns, storedSecretRow, type StoredSecretRow } from "./tool-secret-plan";

/** The tool being changed, as read inside the transaction. */
export interface CurrentTool {
  id: string;
  name: string;
  version: number;
  definition: string;
  credentialId: string | null;
  secrets: StoredSecretRow[];
}

const currentToolColumns = {
  id: true,
  name: true,
  version: true,
  definition: true,
  credentialId: true,
  secrets: { select: storedSecretColumns, orderBy: { header: "asc" } },
} as const;

/** Tool `name` as it is in this transaction, or null when there is none. */
export async function findTool(tx: Tx, name: string): Promise<CurrentTool | null> {
  const tool = await tx.tool.findUnique({ where: { name }, select: currentToolColumns });
  return tool && { ...tool, secrets: tool.secrets.map(storedSecretRow) };
}

/**
 * The error for a change based on `baseVersion` of a tool that has moved on: a ConflictError
 * naming who changed which fields, or a NotFoundError when the tool was deleted meanwhile.
 */
export async function staleSave(tx: Tx, toolId: string, baseVersion: number): Promise<Error> {
  const latest = await tx.tool.findUnique({ where: { id: toolId } });
  if (!latest) return new NotFoundError("The tool no longer exists: someone deleted it while you were editing.");
  const base = await tx.toolRevision.findUnique({ where: { toolId_version: { toolId, version: baseVersion } } });
  const changed = base ? changedFields(parseJson(base.definition), parseJson(latest.definition)) : null;
  return new ConflictError(
    staleSaveMessage({
      name: latest.name,
      baseVersion,
      currentVersion: latest.version,
      updatedBy: latest.updatedBy,
      updatedAt: latest.updatedAt,
      changed,
    }),
  );
}

/** The error for a change to tool `name` when there is no such tool (any more). */
export function missingTool(name: string): NotFoundError {
  return new NotFoundError(`Tool "${name}" does not exist: someone may have deleted it.`);
}
