"use server";
/** The personas' server actions: tool switches (editors), and the persona itself and its grant (admins). */
import { revokeConnectedAppsOf } from "../../agent-door/oauth";
import { actionSuccess } from "../../actions/action-result";
import { defineAction, type Revalidation } from "../../actions/define-action";
import { hasRole } from "../../operators";
import { deletePersona } from "./persona-maintenance";
import { createPersonaForCatalog, grantPersonaTools, togglePersonaTool, togglePersonaTools } from "./persona-tools";
import { setPersonaCallLogging, setPersonaParent, setPersonaSearchMode, updatePersonaDetails } from "./personas";
import {
  callLoggingSchema,
  searchModeSchema,
  newPersonaSchema,
  personaDetailsSchema,
  personaParentSchema,
  personaSlugSchema,
  setGrantSchema,
  toggleToolSchema,
  toggleToolsSchema,
  type GrantInput,
  type NewPersonaInput,
} from "./schemas";
import { describeCleanup, removeStaleToolNames } from "./stale-tool-names";

/** Every persona page (list, detail, matrix) shows what these change. */
const PERSONA_PAGES: readonly Revalidation[] = [{ path: "/personas", type: "layout" }];

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
const onOff = (enabled: boolean) => (enabled ? "on" : "off");

/** Switches one tool on or off for one persona (editors and admins). */
export const setPersonaToolEnabledAction = defineAction(
  { role: "editor", input: toggleToolSchema, from: (slug: string, tool: string, enabled: boolean) => ({ slug, tool, enabled }), revalidate: PERSONA_PAGES },
  async ({ slug, tool, enabled }, operator) => {
    const persona = await togglePersonaTool(slug, tool, enabled, operator);
    return actionSuccess(undefined, `'${tool}' switched ${onOff(enabled)} for ${persona.name}.`);
  },
);

/** Switches several tools on or off for one persona in one change: "disable all in this group", "enable all". */
export const setPersonaToolsEnabledAction = defineAction(
  { role: "editor", input: toggleToolsSchema, from: (slug: string, tools: readonly string[], enabled: boolean) => ({ slug, tools, enabled }), revalidate: PERSONA_PAGES },
  async ({ slug, tools, enabled }, operator) => {
    const persona = await togglePersonaTools(slug, tools, enabled, operator);
    return actionSuccess(undefined, `${plural(tools.length, "tool")} switched ${onOff(enabled)} for ${persona.name}.`);
  },
);

/** Removes names of deleted or renamed tools from a persona: its disabled list (editors), its grant too (admins). */
export const removeStaleToolNamesAction = defineAction(
  { role: "editor", input: personaSlugSchema, from: (slug: string) => slug, revalidate: PERSONA_PAGES },
  async (slug, operator) => actionSuccess(undefined, describeCleanup(await removeStaleToolNames(slug, operator, hasRole(operator.role, "admin")))),
);

/** Creates a persona (admins). */
export const createPersonaAction = defineAction(
  { role: "admin", input: newPersonaSchema, from: (input: NewPersonaInput) => input, revalidate: PERSONA_PAGES },
  async (input, admin) => {
    const persona = await createPersonaForCatalog(input, admin);
    return actionSuccess({ slug: persona.slug }, `${persona.name} was created.`);
  },
);

/** Renames or re-describes a persona (admins). */
export const updatePersonaDetailsAction = defineAction(
  {
    role: "admin",
    input: personaDetailsSchema,
    from: (slug: string, details: { name: string; description: string }) => ({ ...details, slug }),
    revalidate: PERSONA_PAGES,
  },
  async ({ slug, ...details }, admin) => {
    const persona = await updatePersonaDetails(slug, details, admin);
    return actionSuccess(undefined, `${persona.name} was saved.`);
  },
);

/** Moves a persona under another one, or to the root (admins); a cycle is refused with its path. */
export const setPersonaParentAction = defineAction(
  { role: "admin", input: personaParentSchema, from: (slug: string, parentSlug: string | null) => ({ slug, parentSlug }), revalidate: PERSONA_PAGES },
  async ({ slug, parentSlug }, admin) => {
    const persona = await setPersonaParent(slug, parentSlug, admin);
    return actionSuccess(undefined, persona.parentSlug ? `${persona.slug} now sits under ${persona.parentSlug}.` : `${persona.slug} is now a root persona; the tools it may use are unchanged.`);
  },
);

/** Turns keeping agent calls' arguments and results in the call log on or off (admins only: they can hold sensitive data). */
export const setPersonaCallLoggingAction = defineAction(
  { role: "admin", input: callLoggingSchema, from: (slug: string, enabled: boolean) => ({ slug, enabled }), revalidate: PERSONA_PAGES },
  async ({ slug, enabled }, admin) => {
    const persona = await setPersonaCallLogging(slug, enabled, admin);
    return actionSuccess(undefined, `${persona.name}: arguments and results are ${persona.logCallPayloads ? "now kept" : "no longer kept"} in the call log.`);
  },
);

/**
 * Turns search mode on or off (editors and admins, like the tool switches: it changes what agents
 * are shown, never what they may call).
 */
export const setPersonaSearchModeAction = defineAction(
  { role: "editor", input: searchModeSchema, from: (slug: string, enabled: boolean) => ({ slug, enabled }), revalidate: PERSONA_PAGES },
  async ({ slug, enabled }, editor) => {
    const persona = await setPersonaSearchMode(slug, enabled, editor);
    return actionSuccess(
      undefined,
      persona.exposeAsSearch ? `${persona.name} is in search mode: agents now see the search, describe and call tools.` : `${persona.name} lists every tool to agents again.`,
    );
  },
);

/** Sets a persona's grant: inherit (null), every tool ("all") or a list of tool names (admins). */
export const setPersonaGrantAction = defineAction(
  { role: "admin", input: setGrantSchema, from: (slug: string, grant: GrantInput) => ({ slug, grant }), revalidate: PERSONA_PAGES },
  async ({ slug, grant }, admin) => {
    const persona = await grantPersonaTools(slug, grant, admin);
    return actionSuccess(undefined, `The grant of ${persona.slug} was saved.`);
  },
);

/**
 * Deletes a persona: its children move to its parent, keys scoped to it alone are revoked, and so
 * is every connected app that may call it (admins). The apps go first: should the deletion then
 * fail, nothing is left that a persona re-created under the slug could inherit.
 */
export const deletePersonaAction = defineAction(
  { role: "admin", input: personaSlugSchema, from: (slug: string) => slug, revalidate: PERSONA_PAGES },
  async (slug, admin) => {
    const disconnected = await revokeConnectedAppsOf({ personaSlug: slug }, admin);
    const deletion = await deletePersona(slug, admin);
    const revoked = deletion.revokedKeys.length > 0 ? ` Revoked ${plural(deletion.revokedKeys.length, "API key")}.` : "";
    const apps = disconnected > 0 ? ` Disconnected ${plural(disconnected, "app")}.` : "";
    return actionSuccess(undefined, `${deletion.slug} was deleted.${revoked}${apps}`);
  },
);
