/**
 * Changing tools. A save writes the tool's list columns, a new revision (the canonical text,
 * secret values emptied), the complete set of encrypted secrets and the audit event in one
 * transaction: all of it or none of it. Every save names the version it was based on; a stale
 * version is refused with a ConflictError saying what changed, never silently overwritten. A save
 * that changes neither the canonical text nor the stored secrets writes nothing.
 *
 * A rename keeps the tool's id, so its revisions and its secrets (bound to the id) stay with it;
 * with `renamePersonaReferences` the personas naming it follow in the same transaction. Secrets
 * follow the rules of tool-secret-plan.ts: reconciled here, against the rows read in this
 * transaction, and bound to the tool's origin, id and header. A tool declaring `auth` is checked
 * against the credential it names (tool-credentials.ts), and its `credentialId` kept in step.
 */
import { randomUUID } from "node:crypto";
import type { Actor } from "../audit/events";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { secretOrigin } from "../secrets/origin";
import {
  isBuiltinToolName,
  parseToolDefinition,
  serializeToolDefinition,
  withoutSecretValues,
  type JsonValue,
  type ToolDefinition,
} from "../tools";
import { recordAudit } from "./audit";
import type { Tx } from "./client";
import { parseJson, toJsonText } from "./json-columns";
import { renameToolInPersonas } from "./personas";
import { confirmToolCredential, toolCredentialId } from "./tool-credentials";
import { changedFields, staleSaveMessage } from "./tool-conflicts";
import {
  planSecrets,
  storedSecretColumns,
  writeSecretPlan,
  type DroppedSecret,
  type SecretPlan,
  type StoredSecretRow,
  type SubmittedSecrets,
} from "./tool-secret-plan";
import { parseStoredDefinition } from "./tools";
import { inTransaction, isUniqueViolation } from "./transactions";

export type { DroppedSecret, SubmittedSecrets } from "./tool-secret-plan";

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

/** What a save produced. */
export interface SavedTool {
  readonly id: string;
  readonly name: string;
  readonly version: number;
  /** True when the save changed nothing: no revision, no audit event, `version` as it was. */
  readonly unchanged: boolean;
  /** The name before a rename; null when the name stayed. */
  readonly previousName: string | null;
  /** Stored values this save removed without being asked to, and why: ask again for `origin_changed` ones. */
  readonly droppedSecrets: readonly DroppedSecret[];
  /** Secret headers without a value after the save: the tool cannot be called until they have one. */
  readonly unsetSecrets: readonly string[];
  /** Personas whose grant or disabled list a rename rewrote (`renamePersonaReferences`), by slug. */
  readonly renamedInPersonas: readonly string[];
}

/** The tool being changed, as read inside the transaction. */
interface CurrentTool {
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

function findTool(tx: Tx, name: string): Promise<CurrentTool | null> {
  return tx.tool.findUnique({ where: { name }, select: currentToolColumns });
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
    const name = save.definition.name;
    if (save.baseVersion === null) {
      throw new ConflictError(`A tool named "${name}" was just created by someone else. Open it to edit it.`);
    }
    throw nameTaken(name);
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
    if (await findTool(tx, name)) {
      throw new ConflictError(`A tool named "${name}" already exists. Open it to edit it, or choose another name.`);
    }
    return writeVersion(tx, null, { ...write, action: "tool.create" });
  }
  const currentName = save.currentName ?? name;
  const current = await findTool(tx, currentName);
  if (!current) throw missingTool(currentName);
  const renamed = currentName !== name;
  if (renamed && (await findTool(tx, name))) throw nameTaken(name);
  return writeVersion(tx, { current, baseVersion: save.baseVersion }, { ...write, action: renamed ? "tool.rename" : "tool.update" });
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
    return writeVersion(tx, { current, baseVersion }, {
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

interface VersionWrite {
  readonly definition: ToolDefinition;
  readonly secrets?: SubmittedSecrets;
  readonly actor: Actor;
  readonly note: string | null;
  readonly action: "tool.create" | "tool.update" | "tool.rename" | "tool.restore";
  readonly renamePersonaReferences: boolean;
}

/**
 * Writes one version of a tool: a new tool when `base` is null, else the successor of `base`
 * (nothing at all when the definition and the stored secrets would stay as they are). Every write
 * passes here, so this is where a built-in's name is refused (SPEC §2): a row named like one,
 * stored before the rule, can be deleted but never saved or restored again.
 */
async function writeVersion(
  tx: Tx,
  base: { current: CurrentTool; baseVersion: number } | null,
  write: VersionWrite,
): Promise<SavedTool> {
  const name = write.definition.name;
  if (isBuiltinToolName(name)) {
    throw new ValidationError([{ path: "name", message: `${name} is the name of a built-in code tool; choose another name` }]);
  }
  const stored = withoutSecretValues(write.definition);
  const text = serializeToolDefinition(stored);
  const previous = base?.current ?? null;
  // A new tool's id is chosen here, so its first secrets can be bound to it before the insert.
  const toolId = previous?.id ?? randomUUID();
  const plan = planSecrets({
    toolId,
    stored: previous?.secrets ?? [],
    secretHeaders: stored.secretHeaders,
    submitted: write.secrets,
    origin: secretOrigin(stored.request.url),
    previousOrigin: previous ? secretOrigin(parseStoredDefinition(previous.definition).request.url) : null,
  });
  const outcome = {
    id: toolId,
    name,
    previousName: previous && previous.name !== name ? previous.name : null,
    droppedSecrets: plan.dropped,
    unsetSecrets: plan.unset,
  };
  if (base !== null && base.current.version !== base.baseVersion) throw await staleSave(tx, toolId, base.baseVersion);
  const credentialId = await toolCredentialId(tx, stored);
  if (base !== null && text === base.current.definition && plan.unchanged && credentialId === base.current.credentialId) {
    return { ...outcome, version: base.current.version, unchanged: true, renamedInPersonas: [] };
  }

  const columns = {
    name,
    description: stored.description,
    group: stored.group,
    tags: toJsonText(stored.tags),
    method: stored.request.method,
    sideEffect: stored.sideEffect,
    definition: text,
    credentialId,
    updatedBy: write.actor.email,
  };
  const version = base === null ? 1 : base.baseVersion + 1;
  if (base === null) {
    await tx.tool.create({ data: { ...columns, id: toolId, version } });
  } else {
    // Compare-and-set on the version: of two concurrent saves from one version, one wins.
    const { count } = await tx.tool.updateMany({ where: { id: toolId, version: base.baseVersion }, data: { ...columns, version } });
    if (count !== 1) throw await staleSave(tx, toolId, base.baseVersion);
  }
  if (credentialId !== null) await confirmToolCredential(tx, credentialId, stored.auth!.credential);
  await tx.toolRevision.create({ data: { toolId, version, definition: text, note: write.note, createdBy: write.actor.email } });
  await writeSecretPlan(tx, toolId, plan);
  const renamedInPersonas =
    outcome.previousName !== null && write.renamePersonaReferences
      ? await renameToolInPersonas(tx, outcome.previousName, name, write.actor)
      : [];
  if (outcome.previousName !== null) {
    // A tool's test cases and run history are keyed by its name: they follow a rename.
    await tx.testCase.updateMany({ where: { toolName: outcome.previousName }, data: { toolName: name } });
    await tx.testRun.updateMany({ where: { toolName: outcome.previousName }, data: { toolName: name } });
  }
  await recordAudit(tx, {
    actor: write.actor,
    action: write.action,
    targetType: "tool",
    targetId: toolId,
    targetName: name,
    before: previous ? auditSnapshot(previous.definition, previous.secrets) : null,
    after: {
      ...auditSnapshot(text, plan.secrets),
      changedSecrets: changedSecretHeaders(previous?.secrets ?? [], plan.secrets),
      ...(plan.dropped.length > 0 ? { droppedSecrets: plan.dropped.map((secret) => ({ ...secret })) } : {}),
      ...(write.note === null ? {} : { note: write.note }),
    },
  });
  return { ...outcome, version, unchanged: false, renamedInPersonas };
}

/** What the audit trail keeps of a tool: the stored definition and, per secret, header and mask. */
function auditSnapshot(
  definitionText: string,
  secrets: readonly { header: string; mask: string }[],
): { [key: string]: JsonValue } {
  return {
    definition: parseJson(definitionText),
    secrets: secrets.map((secret) => ({ header: secret.header, mask: secret.mask })),
  };
}

/** Headers whose stored value was added, replaced or removed: masks alone cannot tell. */
function changedSecretHeaders(before: readonly StoredSecretRow[], after: SecretPlan["secrets"]): string[] {
  const previous = new Map(before.map((secret) => [secret.header, secret.ciphertext]));
  const next = new Map(after.map((secret) => [secret.header, secret.ciphertext]));
  const headers = [...new Set([...previous.keys(), ...next.keys()])];
  return headers.filter((header) => previous.get(header) !== next.get(header)).sort();
}

async function staleSave(tx: Tx, toolId: string, baseVersion: number): Promise<Error> {
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

function missingTool(name: string): NotFoundError {
  return new NotFoundError(`Tool "${name}" does not exist: someone may have deleted it.`);
}

function nameTaken(name: string): ValidationError {
  return new ValidationError([{ path: "name", message: `another tool is already named ${name}; choose another name` }]);
}
