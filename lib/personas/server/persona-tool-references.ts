import "server-only";
/**
 * Personas naming a tool in their own grant or disabled list: listed before a rename (which would
 * leave them stale), and rewritten with the rename when the operator asks.
 */
import type { Actor } from "../../audit";
import { normalizeToolNameList } from "../tool-names";
import type { Tx } from "../../db/client";
import { toJsonText } from "../../db/json-columns";
import { changePersonaIn } from "./persona-changes";
import { grantText, listPersonas, toDTO, withParent, type PersonaDTO } from "./persona-rows";

/** A persona naming a tool in its own grant or disabled list. */
export interface PersonaToolReference {
  readonly slug: string;
  readonly name: string;
  readonly inGrant: boolean;
  readonly inDisabled: boolean;
}

function toolReference(persona: PersonaDTO, toolName: string): PersonaToolReference | null {
  const inGrant = Array.isArray(persona.grant) && persona.grant.includes(toolName);
  const inDisabled = persona.disabledTools.includes(toolName);
  return inGrant || inDisabled ? { slug: persona.slug, name: persona.name, inGrant, inDisabled } : null;
}

/** The personas whose own grant or disabled list names tool `toolName`, by slug (a rename would leave them stale). */
export async function listPersonasReferencingTool(toolName: string): Promise<PersonaToolReference[]> {
  return (await listPersonas()).flatMap((persona) => toolReference(persona, toolName) ?? []);
}

/**
 * Inside the caller's transaction (a tool rename): replaces `from` by `to` in every persona's own
 * grant and disabled list, each persona changed and audited as an admin's grant change (when its
 * grant names the tool) or an operator's toggle would be. Returns the slugs changed.
 */
export async function renameToolInPersonas(tx: Tx, from: string, to: string, actor: Actor): Promise<string[]> {
  const rows = await tx.persona.findMany({ include: withParent, orderBy: { slug: "asc" } });
  const references = rows.flatMap((row) => toolReference(toDTO(row), from) ?? []);
  const rename = (names: readonly string[]) => normalizeToolNameList(names.map((name) => (name === from ? to : name)));
  for (const reference of references) {
    await changePersonaIn(tx, reference.slug, actor, reference.inGrant ? "persona.grant" : "persona.toggle_tool", (current) => ({
      ...(Array.isArray(current.grant) ? { grant: grantText(rename(current.grant)) } : {}),
      disabledTools: toJsonText(rename(current.disabledTools)),
    }));
  }
  return references.map((reference) => reference.slug);
}
