import "server-only";
/**
 * Persona changes that reach beyond one row: cleaning up stale tool names (recomputed inside the
 * transaction) and deleting a persona, which moves its children up and detaches (or revokes) the
 * API keys scoped to it, so the tree never holds an orphan and no key points at nothing.
 */
import { recordAudit, type Actor } from "../../audit";
import { ConflictError } from "../../errors";
import type { Tx } from "../../db/client";
import { changePersonaIn, PERSONA_CHANGE_ATTEMPTS } from "./persona-changes";
import { auditView, findPersonaOrThrow, grantText, toDTO } from "./persona-rows";
import { toJsonText } from "../../db/json-columns";
import { hasPrismaCode, inTransaction, LostRace } from "../../db/transactions";

/** What {@link removeStalePersonaToolNames} removed, and what it had to leave. */
export interface StaleNameCleanup {
  readonly removedFromDisabled: readonly string[];
  readonly removedFromGrant: readonly string[];
  /** Stale names left in the grant because the operator may not edit it. */
  readonly leftInGrant: readonly string[];
}

/**
 * Removes from persona `slug`'s disabled list (and its grant, when `mayEditGrant`) every name for
 * which `isKnownTool` is false. The stale names are computed from the row read inside the
 * transaction, and the writes are compare-and-set like any change, so a toggle that lands while
 * the clean-up runs is kept, never undone by a list read earlier.
 */
export async function removeStalePersonaToolNames(
  slug: string,
  isKnownTool: (name: string) => boolean,
  mayEditGrant: boolean,
  actor: Actor,
): Promise<StaleNameCleanup> {
  return inTransaction(
    async (tx) => {
      const current = toDTO(await findPersonaOrThrow(tx, slug));
      const staleDisabled = current.disabledTools.filter((name) => !isKnownTool(name));
      const staleGrant = Array.isArray(current.grant) ? current.grant.filter((name) => !isKnownTool(name)) : [];
      if (staleDisabled.length > 0) {
        await changePersonaIn(tx, slug, actor, "persona.toggle_tool", (row) => ({
          disabledTools: toJsonText(row.disabledTools.filter(isKnownTool)),
        }));
      }
      if (mayEditGrant && staleGrant.length > 0) {
        await changePersonaIn(tx, slug, actor, "persona.grant", (row) => ({
          grant: grantText(Array.isArray(row.grant) ? row.grant.filter(isKnownTool) : row.grant),
        }));
      }
      return {
        removedFromDisabled: staleDisabled,
        removedFromGrant: mayEditGrant ? staleGrant : [],
        leftInGrant: mayEditGrant ? [] : staleGrant,
      };
    },
    { attempts: PERSONA_CHANGE_ATTEMPTS },
  );
}

/** What deleting a persona will do (shown before) and did (returned after). */
export interface PersonaDeletion {
  readonly slug: string;
  /** The children, moved under `newParentSlug` (null: they become roots). */
  readonly children: readonly { readonly slug: string; readonly name: string }[];
  readonly newParentSlug: string | null;
  /** Children that inherited this persona's own grant and keep it as theirs (under the new parent they would inherit a wider one). */
  readonly keepingGrant: readonly string[];
  /** Keys scoped to it that keep other personas: they only lose this one. */
  readonly detachedKeys: readonly string[];
  /** Active keys scoped to it alone: revoked, since a key with no persona could do nothing. */
  readonly revokedKeys: readonly string[];
}

async function readDeletion(tx: Tx, slug: string): Promise<PersonaDeletion & { readonly id: string; readonly revokedKeyIds: readonly string[]; readonly grantKept: string | null }> {
  const persona = await findPersonaOrThrow(tx, slug);
  const [children, links] = await Promise.all([
    tx.persona.findMany({ where: { parentId: persona.id }, select: { slug: true, name: true, grant: true }, orderBy: { slug: "asc" } }),
    tx.apiKeyPersona.findMany({
      where: { personaId: persona.id },
      select: { apiKey: { select: { id: true, name: true, revokedAt: true, _count: { select: { personas: true } } } } },
    }),
  ]);
  const keys = links.map((link) => link.apiKey).sort((a, b) => a.name.localeCompare(b.name));
  const revoked = keys.filter((key) => key._count.personas === 1 && key.revokedAt === null);
  return {
    id: persona.id,
    slug,
    children: children.map(({ slug: childSlug, name }) => ({ slug: childSlug, name })),
    newParentSlug: persona.parent?.slug ?? null,
    keepingGrant: persona.grant === null ? [] : children.filter((child) => child.grant === null).map((child) => child.slug),
    grantKept: persona.grant,
    detachedKeys: keys.filter((key) => !revoked.includes(key)).map((key) => key.name),
    revokedKeys: revoked.map((key) => key.name),
    revokedKeyIds: revoked.map((key) => key.id),
  };
}

/** What deleting persona `slug` would do, for the confirmation dialog. @throws NotFoundError */
export async function previewPersonaDeletion(slug: string): Promise<PersonaDeletion> {
  const { id: _id, revokedKeyIds: _ids, grantKept: _grant, ...deletion } = await inTransaction((tx) => readDeletion(tx, slug));
  return deletion;
}

/**
 * Deletes persona `slug` in one transaction: its children move under its parent (each move
 * audited), API keys scoped to it lose it, keys left with no persona are revoked (audited), and
 * the persona goes (audited with the keys it had). Serializable, because it reads the tree.
 *
 * @throws NotFoundError when `slug` does not exist.
 */
export async function deletePersona(slug: string, actor: Actor): Promise<PersonaDeletion> {
  try {
    return await inTransaction(
      async (tx) => {
        const { id, revokedKeyIds, grantKept, ...deletion } = await readDeletion(tx, slug);
        const parent = deletion.newParentSlug ? await findPersonaOrThrow(tx, deletion.newParentSlug) : null;
        for (const child of deletion.children) {
          const keepsGrant = grantKept !== null && deletion.keepingGrant.includes(child.slug);
          await changePersonaIn(tx, child.slug, actor, "persona.parent", () => ({ parentId: parent?.id ?? null, ...(keepsGrant ? { grant: grantKept } : {}) }));
        }
        for (const [index, keyId] of revokedKeyIds.entries()) {
          await tx.apiKey.update({ where: { id: keyId }, data: { revokedAt: new Date() } });
          await recordAudit(tx, {
            actor, action: "api_key.revoke", targetType: "api_key", targetId: keyId, targetName: deletion.revokedKeys[index] ?? keyId,
            before: { revoked: false, personas: [slug] }, after: { revoked: true, personas: [] },
          });
        }
        const before = toDTO(await findPersonaOrThrow(tx, slug));
        const { count } = await tx.persona.deleteMany({ where: { id, version: before.version } });
        if (count !== 1) throw new LostRace();
        await recordAudit(tx, {
          actor, action: "persona.delete", targetType: "persona", targetId: id, targetName: slug,
          before: { ...(auditView(before) as object), apiKeys: [...deletion.detachedKeys, ...deletion.revokedKeys] }, after: null,
        });
        return deletion;
      },
      { serializable: true, attempts: PERSONA_CHANGE_ATTEMPTS },
    );
  } catch (error) {
    // A child or key attached by a concurrent change: the foreign key refuses; nothing was deleted.
    if (hasPrismaCode(error, "P2003")) throw new ConflictError(`"${slug}" changed while it was being deleted. Reload and try again.`);
    throw error;
  }
}
