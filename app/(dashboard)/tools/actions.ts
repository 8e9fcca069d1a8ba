"use server";

import { revalidatePath } from "next/cache";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import { deleteToolSchema, saveToolSchema, toolNameSchema, type SaveToolInput } from "@/lib/actions/schemas/tools";
import { requireRole } from "@/lib/auth/session";
import { listPersonasReferencingTool } from "@/lib/db/personas";
import { deleteTool, type SavedTool } from "@/lib/db/tool-saves";
import { withPastedSecrets } from "@/lib/runtime/curl-drafts";
import { saveToolFromEditor } from "@/lib/runtime/tool-authoring";

/** What the editor learns from a save: never a secret, only names, versions and headers. */
export type SaveOutcome = Pick<SavedTool, "name" | "version" | "unchanged" | "previousName" | "droppedSecrets" | "unsetSecrets" | "renamedInPersonas">;

/** Creates or updates a tool from the editor (editors and admins). */
export async function saveToolAction(input: SaveToolInput): Promise<ActionResult<SaveOutcome>> {
  try {
    const operator = await requireRole("editor");
    const parsed = parseInput(saveToolSchema, input);
    const saved = await saveToolFromEditor({ ...parsed, secrets: withPastedSecrets(parsed.secrets, operator.id) }, operator);
    revalidatePath("/tools");
    revalidatePath(`/tools/${saved.name}`);
    const { name, version, unchanged, previousName, droppedSecrets, unsetSecrets, renamedInPersonas } = saved;
    const message = unchanged ? `Nothing changed: ${name} stays at version ${version}.` : `Saved ${name} as version ${version}.`;
    return actionSuccess({ name, version, unchanged, previousName, droppedSecrets, unsetSecrets, renamedInPersonas }, message);
  } catch (error) {
    return actionFailure(error);
  }
}

/** The personas whose grant or switches name `tool`, so a rename can offer to update them. */
export async function personasNamingToolAction(tool: string): Promise<ActionResult<{ slug: string; name: string }[]>> {
  try {
    await requireRole("editor");
    const personas = await listPersonasReferencingTool(parseInput(toolNameSchema, tool));
    return actionSuccess(personas.map(({ slug, name }) => ({ slug, name })));
  } catch (error) {
    return actionFailure(error);
  }
}

/** Deletes a tool if it is still at the version the operator saw (editors and admins). */
export async function deleteToolAction(name: string, baseVersion: number): Promise<ActionResult> {
  try {
    const operator = await requireRole("editor");
    const input = parseInput(deleteToolSchema, { name, baseVersion });
    await deleteTool(input.name, input.baseVersion, operator);
    revalidatePath("/tools");
    return actionSuccess(undefined, `Deleted ${input.name}.`);
  } catch (error) {
    return actionFailure(error);
  }
}
