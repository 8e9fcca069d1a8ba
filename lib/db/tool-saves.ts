/**
 * Changing tools. A save writes the tool's list columns, a new revision (the canonical text,
 * secret values emptied), the complete set of encrypted secrets and the audit event in one
 * transaction: all of it or none of it. Every save names the version it was based on; a stale
 * version is refused with a ConflictError saying what changed, never silently overwritten.
 */
import type { Actor } from "../audit/events";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
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
import { changedFields, staleSaveMessage } from "./tool-conflicts";
import { inTransaction, isUniqueViolation } from "./transactions";

/** One encrypted secret header value, as lib/secrets produced it (the caller computes the mask). */
export interface ToolSecretInput {
  readonly header: string;
  readonly keyId: string;
  readonly ciphertext: string;
  readonly mask: string;
}

export interface ToolSave {
  /** The validated definition; its secret header values are ignored (they arrive encrypted in `secrets`). */
  readonly definition: ToolDefinition;
  /** The complete final set of secret values: it replaces whatever was stored. */
  readonly secrets: readonly ToolSecretInput[];
  /** The version the edit started from; null creates a new tool. */
  readonly baseVersion: number | null;
  readonly actor: Actor;
  readonly note?: string;
}

/** What a save produced. */
export interface SavedTool {
  readonly id: string;
  readonly name: string;
  readonly version: number;
}

interface StoredSecretRow {
  header: string;
  ciphertext: string;
  mask: string;
}

/** The tool being changed, as read inside the transaction. */
interface CurrentTool {
  id: string;
  definition: string;
  secrets: StoredSecretRow[];
}

const withSecrets = {
  secrets: { select: { header: true, ciphertext: true, mask: true }, orderBy: { header: "asc" } },
} as const;

/** Creates (baseVersion null) or updates a tool; see the module comment for the guarantees. */
export async function saveTool(save: ToolSave): Promise<SavedTool> {
  const name = save.definition.name;
  try {
    return await inTransaction(async (tx) => {
      const current = await tx.tool.findUnique({ where: { name }, include: withSecrets });
      if (save.baseVersion === null && current) {
        throw new ConflictError(`A tool named "${name}" already exists. Open it to edit it, or choose another name.`);
      }
      if (save.baseVersion !== null && !current) throw missingTool(name);
      const base = current && save.baseVersion !== null ? { current, baseVersion: save.baseVersion } : null;
      return writeVersion(tx, base, {
        definition: save.definition,
        secrets: save.secrets,
        actor: save.actor,
        note: save.note ?? null,
        action: base ? "tool.update" : "tool.create",
      });
    });
  } catch (error) {
    // Two simultaneous creations of one name: the loser meets the unique index.
    if (save.baseVersion === null && isUniqueViolation(error)) {
      throw new ConflictError(`A tool named "${name}" was just created by someone else. Open it to edit it.`);
    }
    throw error;
  }
}

/**
 * Makes revision `version` of tool `name` the current definition again, as a new revision. Secret
 * values stay as stored (revisions never hold them); those of headers the restored definition no
 * longer treats as secret are dropped.
 */
export async function restoreToolRevision(
  name: string,
  version: number,
  baseVersion: number,
  actor: Actor,
): Promise<SavedTool> {
  return inTransaction(async (tx) => {
    const current = await tx.tool.findUnique({ where: { name }, include: withSecrets });
    if (!current) throw missingTool(name);
    const revision = await tx.toolRevision.findUnique({ where: { toolId_version: { toolId: current.id, version } } });
    if (!revision) throw new NotFoundError(`Tool "${name}" has no version ${version}.`);
    const definition = parseToolDefinition(JSON.parse(revision.definition));
    const secretHeaders = new Set(definition.secretHeaders.map((header) => header.toLowerCase()));
    const stored = await tx.toolSecret.findMany({ where: { toolId: current.id } });
    const secrets = stored.filter((secret) => secretHeaders.has(secret.header.toLowerCase()));
    return writeVersion(tx, { current, baseVersion }, {
      definition,
      secrets,
      actor,
      note: `Restored from version ${version}`,
      action: "tool.restore",
    });
  });
}

/** Deletes tool `name` with its revisions and secrets, if it is still at `baseVersion`. */
export async function deleteTool(name: string, baseVersion: number, actor: Actor): Promise<void> {
  await inTransaction(async (tx) => {
    const current = await tx.tool.findUnique({ where: { name }, include: withSecrets });
    if (!current) throw missingTool(name);
    const { count } = await tx.tool.deleteMany({ where: { id: current.id, version: baseVersion } });
    if (count !== 1) throw await staleSave(tx, current.id, baseVersion);
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
  readonly secrets: readonly ToolSecretInput[];
  readonly actor: Actor;
  readonly note: string | null;
  readonly action: "tool.create" | "tool.update" | "tool.restore";
}

/**
 * Writes one version of a tool: a new tool when `base` is null, else the successor of `base`.
 * Every write passes here, so this is where a built-in's name is refused (SPEC §2): a row named
 * like one, stored before the rule, can be deleted but never saved or restored again.
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
  const secrets = secretsFor(stored, write.secrets);
  const columns = {
    description: stored.description,
    group: stored.group,
    tags: toJsonText(stored.tags),
    method: stored.request.method,
    sideEffect: stored.sideEffect,
    definition: text,
    updatedBy: write.actor.email,
  };
  let toolId: string;
  let version: number;
  if (base === null) {
    toolId = (await tx.tool.create({ data: { ...columns, name: stored.name, version: 1 } })).id;
    version = 1;
  } else {
    // Compare-and-set on the version: of two concurrent saves from one version, one wins.
    const { count } = await tx.tool.updateMany({
      where: { id: base.current.id, version: base.baseVersion },
      data: { ...columns, version: base.baseVersion + 1 },
    });
    if (count !== 1) throw await staleSave(tx, base.current.id, base.baseVersion);
    toolId = base.current.id;
    version = base.baseVersion + 1;
  }
  await tx.toolRevision.create({
    data: { toolId, version, definition: text, note: write.note, createdBy: write.actor.email },
  });
  await tx.toolSecret.deleteMany({ where: { toolId } });
  await tx.toolSecret.createMany({ data: secrets.map((secret) => ({ ...secret, toolId })) });
  const previous = base?.current ?? null;
  await recordAudit(tx, {
    actor: write.actor,
    action: write.action,
    targetType: "tool",
    targetId: toolId,
    targetName: stored.name,
    before: previous ? auditSnapshot(previous.definition, previous.secrets) : null,
    after: { ...auditSnapshot(text, secrets), changedSecrets: changedSecretHeaders(previous?.secrets ?? [], secrets) },
  });
  return { id: toolId, name: stored.name, version };
}

/**
 * The secrets to store, each under the header's spelling in the definition. A value for a header
 * that is not secret, or two values for one header, is a caller's mistake: refused, not guessed.
 */
function secretsFor(definition: ToolDefinition, secrets: readonly ToolSecretInput[]): ToolSecretInput[] {
  const spelling = new Map(definition.secretHeaders.map((header) => [header.toLowerCase(), header]));
  const seen = new Set<string>();
  const issues: { path: string; message: string }[] = [];
  const result = secrets.flatMap((secret) => {
    const key = secret.header.toLowerCase();
    const header = spelling.get(key);
    if (header === undefined) {
      issues.push({ path: "secret_headers", message: `"${secret.header}" has a secret value but is not a secret header` });
      return [];
    }
    if (seen.has(key)) issues.push({ path: "secret_headers", message: `"${secret.header}" has two secret values` });
    seen.add(key);
    return [{ header, keyId: secret.keyId, ciphertext: secret.ciphertext, mask: secret.mask }];
  });
  if (issues.length > 0) throw new ValidationError(issues);
  return result;
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
function changedSecretHeaders(before: readonly StoredSecretRow[], after: readonly ToolSecretInput[]): string[] {
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
