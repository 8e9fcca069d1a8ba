import "server-only";
/**
 * Changing one persona safely under concurrency: read, change and audit it in a transaction, the
 * write a compare-and-set on the version read, so a concurrent change is never overwritten — the
 * loser re-reads and re-applies its intention ("switch tool X off").
 */
import { recordAudit, type Actor } from "../../audit";
import type { Tx } from "../../db/client";
import { auditView, findPersonaOrThrow, toDTO, type PersonaDTO } from "./persona-rows";
import { inTransaction, LostRace } from "../../db/transactions";

/**
 * How often a change is re-applied after losing the race for the persona's version. Each loss
 * means another change to the persona committed meanwhile, so a change only fails when more than
 * this many others land while it tries.
 */
export const PERSONA_CHANGE_ATTEMPTS = 32;

/** The columns a change may set. */
export interface PersonaChange {
  name?: string;
  description?: string;
  grant?: string | null;
  disabledTools?: string;
  parentId?: string | null;
  logCallPayloads?: boolean;
  exposeAsSearch?: boolean;
}

/** The audit action a one-persona change records. */
export type PersonaAction = "persona.update" | "persona.grant" | "persona.toggle_tool" | "persona.parent" | "persona.call_logging" | "persona.search_mode";
type ChangeOf = (current: PersonaDTO, tx: Tx) => PersonaChange | Promise<PersonaChange>;

/**
 * Reads, changes and audits one persona in a transaction. The write is a compare-and-set on the
 * version read, so a concurrent change is never overwritten: the loser re-reads and re-applies
 * `change` (an intention such as "switch tool X off"), up to PERSONA_CHANGE_ATTEMPTS times.
 */
export async function changePersona(
  slug: string,
  actor: Actor,
  action: PersonaAction,
  change: ChangeOf,
  options: { serializable?: boolean } = {},
): Promise<PersonaDTO> {
  return inTransaction((tx) => changePersonaIn(tx, slug, actor, action, change), { ...options, attempts: PERSONA_CHANGE_ATTEMPTS });
}

/** The body of {@link changePersona}, inside the caller's transaction (a LostRace rolls all of it back). */
export async function changePersonaIn(tx: Tx, slug: string, actor: Actor, action: PersonaAction, change: ChangeOf): Promise<PersonaDTO> {
  const currentRow = await findPersonaOrThrow(tx, slug);
  const current = toDTO(currentRow);
  const data = await change(current, tx);
  // A change to what is already stored (a second identical toggle) is no change: no new version, no event.
  if (Object.entries(data).every(([column, value]) => currentRow[column as keyof PersonaChange] === value)) return current;
  const { count } = await tx.persona.updateMany({
    where: { id: current.id, version: current.version },
    data: { ...data, version: current.version + 1 },
  });
  if (count !== 1) throw new LostRace();
  const updated = toDTO(await findPersonaOrThrow(tx, slug));
  await recordAudit(tx, {
    actor, action, targetType: "persona", targetId: current.id, targetName: slug,
    before: auditView(current), after: auditView(updated),
  });
  return updated;
}
