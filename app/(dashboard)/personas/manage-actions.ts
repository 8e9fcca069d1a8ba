"use server";

import { revalidatePath } from "next/cache";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import {
  callLoggingSchema,
  newPersonaSchema,
  personaDetailsSchema,
  personaParentSchema,
  personaSlugSchema,
  setGrantSchema,
  type GrantInput,
  type NewPersonaInput,
} from "@/lib/actions/schemas/personas";
import { requireRole } from "@/lib/auth/session";
import { deletePersona } from "@/lib/db/persona-maintenance";
import { setPersonaCallLogging, setPersonaParent, updatePersonaDetails } from "@/lib/db/personas";
import { createPersonaForCatalog, grantPersonaTools } from "@/lib/runtime/persona-tools";

/** Creates a persona (admins). */
export async function createPersonaAction(input: NewPersonaInput): Promise<ActionResult<{ slug: string }>> {
  try {
    const admin = await requireRole("admin");
    const persona = await createPersonaForCatalog(parseInput(newPersonaSchema, input), admin);
    revalidatePath("/personas", "layout");
    return actionSuccess({ slug: persona.slug }, `${persona.name} was created.`);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Renames or re-describes a persona (admins). */
export async function updatePersonaDetailsAction(slug: string, details: { name: string; description: string }): Promise<ActionResult> {
  try {
    const admin = await requireRole("admin");
    const { slug: parsedSlug, ...parsedDetails } = parseInput(personaDetailsSchema, { ...details, slug });
    const persona = await updatePersonaDetails(parsedSlug, parsedDetails, admin);
    revalidatePath("/personas", "layout");
    return actionSuccess(undefined, `${persona.name} was saved.`);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Moves a persona under another one, or to the root (admins); a cycle is refused with its path. */
export async function setPersonaParentAction(slug: string, parentSlug: string | null): Promise<ActionResult> {
  try {
    const admin = await requireRole("admin");
    const input = parseInput(personaParentSchema, { slug, parentSlug });
    const persona = await setPersonaParent(input.slug, input.parentSlug, admin);
    revalidatePath("/personas", "layout");
    return actionSuccess(undefined, persona.parentSlug ? `${persona.slug} now sits under ${persona.parentSlug}.` : `${persona.slug} is now a root persona.`);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Turns keeping agent calls' arguments and results in the call log on or off (admins only: they can hold sensitive data). */
export async function setPersonaCallLoggingAction(slug: string, enabled: boolean): Promise<ActionResult> {
  try {
    const admin = await requireRole("admin");
    const input = parseInput(callLoggingSchema, { slug, enabled });
    const persona = await setPersonaCallLogging(input.slug, input.enabled, admin);
    revalidatePath("/personas", "layout");
    return actionSuccess(undefined, `${persona.name}: arguments and results are ${persona.logCallPayloads ? "now kept" : "no longer kept"} in the call log.`);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Sets a persona's grant: inherit (null), every tool ("all") or a list of tool names (admins). */
export async function setPersonaGrantAction(slug: string, grant: GrantInput): Promise<ActionResult> {
  try {
    const admin = await requireRole("admin");
    const input = parseInput(setGrantSchema, { slug, grant });
    const persona = await grantPersonaTools(input.slug, input.grant, admin);
    revalidatePath("/personas", "layout");
    return actionSuccess(undefined, `The grant of ${persona.slug} was saved.`);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Deletes a persona: its children move to its parent, keys scoped to it alone are revoked (admins). */
export async function deletePersonaAction(slug: string): Promise<ActionResult> {
  try {
    const admin = await requireRole("admin");
    const deletion = await deletePersona(parseInput(personaSlugSchema, slug), admin);
    revalidatePath("/personas", "layout");
    const revoked = deletion.revokedKeys.length > 0 ? ` Revoked ${deletion.revokedKeys.length} API key${deletion.revokedKeys.length === 1 ? "" : "s"}.` : "";
    return actionSuccess(undefined, `${deletion.slug} was deleted.${revoked}`);
  } catch (error) {
    return actionFailure(error);
  }
}
