import "server-only";
/**
 * Writing one version of a tool, inside the save's transaction: the list columns (compare-and-set
 * on the version), the revision (the canonical text, secret values emptied), the secrets as
 * tool-secret-plan.ts reconciles them against the rows read in this transaction, the credential
 * the definition's `auth` names (tool-credentials.ts), a rename's followers (personas on request,
 * test cases and runs always) and the audit event. Creating, updating, renaming and restoring
 * all end here (tool-saves.ts).
 */
import { randomUUID } from "node:crypto";
import { recordAudit, type Actor } from "../audit";
import { ValidationError } from "../errors";
import { secretOrigin } from "../secrets";
import { isBuiltinToolName, secretSlotsOf, serializeToolDefinition, withoutSecretValues, type ToolDefinition } from "../tools";
import type { Tx } from "../db/client";
import { toJsonText } from "../db/json-columns";
import { renameToolInPersonas } from "../personas/server";
import { confirmToolCredential, toolCredentialId } from "./tool-credentials";
import { staleSave, type CurrentTool } from "./tool-current";
import { auditSnapshot, changedSecretHeaders } from "./tool-save-audit";
import { planSecrets, writeSecretPlan, type DroppedSecret, type SubmittedSecrets } from "./tool-secret-plan";
import { parseStoredDefinition } from "./tools";

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

/** One version to write: what it holds, who writes it and which audit action it records. */
export interface VersionWrite {
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
export async function writeToolVersion(
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
    secretSlots: secretSlotsOf(stored),
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
