"use server";

import { revalidatePath } from "next/cache";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import { restoreRevisionSchema, revisionSchema } from "@/lib/actions/schemas/tools";
import { requireRole } from "@/lib/auth/session";
import { getToolRevision, type ToolRevisionDTO } from "@/lib/db/tool-revisions";
import { restoreToolRevision, type SavedTool } from "@/lib/db/tool-saves";
import { NotFoundError } from "@/lib/errors";

/** One revision of a tool, in full (secret values are never stored in revisions). */
export async function getRevisionAction(name: string, version: number): Promise<ActionResult<ToolRevisionDTO>> {
  try {
    await requireRole("viewer");
    const input = parseInput(revisionSchema, { name, version });
    const revision = await getToolRevision(input.name, input.version);
    if (!revision) throw new NotFoundError(`Tool "${name}" has no version ${version}.`);
    return actionSuccess(revision);
  } catch (error) {
    return actionFailure(error);
  }
}

/** Makes revision `version` the tool's current definition, as a new version on top of `baseVersion`. */
export async function restoreToolRevisionAction(name: string, version: number, baseVersion: number): Promise<ActionResult<SavedTool>> {
  try {
    const user = await requireRole("editor");
    const input = parseInput(restoreRevisionSchema, { name, version, baseVersion });
    const saved = await restoreToolRevision(input.name, input.version, input.baseVersion, user);
    revalidatePath(`/tools/${name}`);
    revalidatePath("/tools");
    const message = saved.unchanged ? `Version ${version} is already the current definition.` : `Restored version ${version} as version ${saved.version}.`;
    return actionSuccess(saved, message);
  } catch (error) {
    return actionFailure(error);
  }
}
