import "server-only";
/**
 * Changing tools. A save writes the tool's list columns, a new revision (the canonical text,
 * secret values emptied), the complete set of encrypted secrets and the audit event in one
 * transaction: all of it or none of it. Every save names the version it was based on; a stale
 * version is refused with a ConflictError saying what changed, never silently overwritten. A save
 * that changes neither the canonical text nor the stored secrets writes nothing.
 *
 * A rename keeps the tool's id, so its revisions and its secrets (bound to the id) stay with it;
 * with `renamePersonaReferences` the personas naming it follow in the same transaction. Secrets
 * follow the rules of tool-secret-plan.ts: reconciled against the rows read in this transaction,
 * and bound to the tool's origin, id and header. A tool declaring `auth` is checked against the
 * credential it names (tool-credentials.ts), and its `credentialId` kept in step.
 *
 * This file holds the entry points and their checks; every version is written by
 * tool-version-writes.ts, the tool read and the stale-version error live in tool-current.ts.
 */
import { recordAudit, type Actor } from "../audit";
import { NotFoundError, ValidationError } from "../errors";
import { parseToolDefinition, type ToolDefinition } from "../tools";
import type { Tx } from "../db/client";
import { parseJson } from "../db/json-columns";
import { findTool, missingTool, staleSave } from "./tool-current";
import { auditSnapshot } from "./tool-save-audit";
import type { SubmittedSecrets } from "./tool-secret-plan";
import { writeToolVersion, type SavedTool } from "./tool-version-writes";
import { inTransaction, isUniqueViolation } from "../db/transactions";

export type { DroppedSecret, SubmittedSecrets } from "./tool-secret-plan";
export type { SavedTool } from "./tool-version-writes";

export interface ToolSave {
  /** The validated definition; its secret header values are ignored (they arrive in `secrets`). */
  readonly definition: ToolDefinition;
  /**
   * What the form submitted for the secret headers, reconciled inside the transaction against the
   * values stored then (see tool-secret-plan.ts). Absent: every stored value is kept, as far as
   * the origin allows.
   */
  readonly secrets?: SubmittedSecrets;
  /** The version the edit started from; null creates a new tool. */
  readonly baseVersion: number | null;
  /** The tool's name before this save (default: the definition's name); another name renames it. */
  readonly currentName?: string;
  /** On a rename, also replace the old name in every persona's grant and disabled list (same transaction). */
  readonly renamePersonaReferences?: boolean;
  readonly actor: Actor;
  readonly note?: string;
}

/**
 * Creates (baseVersion null) or updates a tool, renaming it when `currentName` differs from the
 * definition's name; see the module comment for the guarantees. A save that changes nothing
 * returns the current version with `unchanged: true`.
 */
export async function saveTool(save: ToolSave): Promise<SavedTool> {
  try {
    return await inTransaction((tx) => saveToolIn(tx, save));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two simultaneous creations or renames to one name: the loser meets the unique index.
    throw nameTaken(save.definition.name);
  }
}

/** {@link saveTool} inside the caller's transaction (an import writes many tools in one). */
export async function saveToolIn(tx: Tx, save: ToolSave): Promise<SavedTool> {
  const name = save.definition.name;
  const write = {
    definition: save.definition,
    secrets: save.secrets,
    actor: save.actor,
    note: save.note ?? null,
    renamePersonaReferences: save.renamePersonaReferences ?? false,
  };
  if (save.baseVersion === null) {
    if ((save.currentName ?? name) !== name) throw new Error("Only an existing tool can be renamed: pass its baseVersion.");
    if (await findTool(tx, name)) throw nameTaken(name);
    return writeToolVersion(tx, null, { ...write, action: "tool.create" });
  }
  const currentName = save.currentName ?? name;
  const current = await findTool(tx, currentName);
  if (!current) throw missingTool(currentName);
  const renamed = currentName !== name;
  if (renamed && (await findTool(tx, name))) throw nameTaken(name);
  return writeToolVersion(tx, { current, baseVersion: save.baseVersion }, { ...write, action: renamed ? "tool.rename" : "tool.update" });
}

/**
 * Makes revision `version` of tool `name` the current definition again, as a new revision (none
 * when it is the current definition already). The tool keeps its current name (a rename is not
 * undone by a restore). Secret values stay as stored (revisions never hold them) unless the
 * restored definition no longer treats the header as secret or points at another origin: those
 * are dropped and reported.
 */
export async function restoreToolRevision(
  name: string,
  version: number,
  baseVersion: number,
  actor: Actor,
): Promise<SavedTool> {
  return inTransaction(async (tx) => {
    const current = await findTool(tx, name);
    if (!current) throw missingTool(name);
    const revision = await tx.toolRevision.findUnique({ where: { toolId_version: { toolId: current.id, version } } });
    if (!revision) throw new NotFoundError(`Tool "${name}" has no version ${version}.`);
    const definition = parseToolDefinition({ ...(parseJson(revision.definition) as object), name: current.name });
    return writeToolVersion(tx, { current, baseVersion }, {
      definition,
      actor,
      note: `Restored from version ${version}`,
      action: "tool.restore",
      renamePersonaReferences: false,
    });
  });
}

/** Deletes tool `name` with its revisions and secrets, if it is still at `baseVersion`. */
export async function deleteTool(name: string, baseVersion: number, actor: Actor): Promise<void> {
  await inTransaction(async (tx) => {
    const current = await findTool(tx, name);
    if (!current) throw missingTool(name);
    const { count } = await tx.tool.deleteMany({ where: { id: current.id, version: baseVersion } });
    if (count !== 1) throw await staleSave(tx, current.id, baseVersion);
    // Test cases and runs are keyed by name: a tool created later under this name starts clean.
    await tx.testCase.deleteMany({ where: { toolName: name } });
    await tx.testRun.deleteMany({ where: { toolName: name } });
    await recordAudit(tx, {
      actor,
      action: "tool.delete",
      targetType: "tool",
      targetId: current.id,
      targetName: name,
      before: auditSnapshot(current.definition, current.secrets),
      after: null,
    });
  });
}

function nameTaken(name: string): ValidationError {
  return new ValidationError([{ path: "name", message: `another tool is already named ${name}; choose another name` }]);
}
