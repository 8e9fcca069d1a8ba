"use server";

import { revalidatePath } from "next/cache";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import { personaSlugSchema, toggleToolSchema, toggleToolsSchema } from "@/lib/actions/schemas/personas";
import { hasRole } from "@/lib/auth/roles";
import { requireRole } from "@/lib/auth/session";
import { togglePersonaTool, togglePersonaTools } from "@/lib/runtime/persona-tools";
import { describeCleanup, removeStaleToolNames } from "@/lib/runtime/stale-tool-names";

/** Switches one tool on or off for one persona (editors and admins). */
export async function setPersonaToolEnabledAction(slug: string, tool: string, enabled: boolean): Promise<ActionResult> {
  try {
    const operator = await requireRole("editor");
    const input = parseInput(toggleToolSchema, { slug, tool, enabled });
    await togglePersonaTool(input.slug, input.tool, input.enabled, operator);
    revalidatePath("/personas", "layout");
    return actionSuccess(undefined, `${input.tool} is ${input.enabled ? "enabled" : "disabled"} for ${input.slug}.`);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Switches several tools on or off for one persona in one change: "disable all in this group", "enable all". */
export async function setPersonaToolsEnabledAction(slug: string, tools: readonly string[], enabled: boolean): Promise<ActionResult> {
  try {
    const operator = await requireRole("editor");
    const input = parseInput(toggleToolsSchema, { slug, tools, enabled });
    await togglePersonaTools(input.slug, input.tools, input.enabled, operator);
    revalidatePath("/personas", "layout");
    const count = `${input.tools.length} tool${input.tools.length === 1 ? "" : "s"}`;
    return actionSuccess(undefined, `${count} ${input.enabled ? "enabled" : "disabled"} for ${input.slug}.`);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Removes names of deleted or renamed tools from a persona: its disabled list (editors), its grant too (admins). */
export async function removeStaleToolNamesAction(slug: string): Promise<ActionResult> {
  try {
    const operator = await requireRole("editor");
    const cleanup = await removeStaleToolNames(parseInput(personaSlugSchema, slug), operator, hasRole(operator.role, "admin"));
    revalidatePath("/personas", "layout");
    return actionSuccess(undefined, describeCleanup(cleanup));
  } catch (error) {
    return actionFailure(error);
  }
}
