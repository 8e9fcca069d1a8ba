"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import { requireRole } from "@/lib/auth/session";
import { listPersonasReferencingTool } from "@/lib/db/personas";
import { deleteTool, type SavedTool } from "@/lib/db/tool-saves";
import { withPastedSecrets } from "@/lib/runtime/curl-drafts";
import { saveToolFromEditor } from "@/lib/runtime/tool-authoring";

// `pasted`: a value that came with a curl command and stayed on the server (lib/runtime/curl-drafts.ts).
const secretSubmission = z.union([z.object({ value: z.string().max(8192) }), z.object({ clear: z.literal(true) }), z.object({ pasted: z.string().min(1).max(100) })]);
const saveSchema = z.object({
  document: z.unknown(),
  currentName: z.string().nullable(),
  baseVersion: z.number().int().positive().nullable(),
  secrets: z.record(z.string(), secretSubmission),
  renamePersonaReferences: z.boolean(),
  note: z.string().max(500).optional(),
});

/** What the editor learns from a save: never a secret, only names, versions and headers. */
export type SaveOutcome = Pick<SavedTool, "name" | "version" | "unchanged" | "previousName" | "droppedSecrets" | "unsetSecrets" | "renamedInPersonas">;

/** Creates or updates a tool from the editor (editors and admins). */
export async function saveToolAction(input: z.input<typeof saveSchema>): Promise<ActionResult<SaveOutcome>> {
  try {
    const operator = await requireRole("editor");
    const parsed = parseInput(saveSchema, input);
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
    const personas = await listPersonasReferencingTool(parseInput(z.string().min(1).max(64), tool));
    return actionSuccess(personas.map(({ slug, name }) => ({ slug, name })));
  } catch (error) {
    return actionFailure(error);
  }
}

/** Deletes a tool if it is still at the version the operator saw (editors and admins). */
export async function deleteToolAction(name: string, baseVersion: number): Promise<ActionResult> {
  try {
    const operator = await requireRole("editor");
    const input = parseInput(z.object({ name: z.string().min(1), baseVersion: z.number().int().positive() }), { name, baseVersion });
    await deleteTool(input.name, input.baseVersion, operator);
    revalidatePath("/tools");
    return actionSuccess(undefined, `Deleted ${input.name}.`);
  } catch (error) {
    return actionFailure(error);
  }
}
