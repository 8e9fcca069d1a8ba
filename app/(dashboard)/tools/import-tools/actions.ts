"use server";

import { revalidatePath } from "next/cache";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import { importChoicesSchema, importOptionsSchema, importTextSchema } from "@/lib/actions/schemas/imports";
import { requireRole } from "@/lib/auth/session";
import { ValidationError } from "@/lib/errors";
import { importTools, previewImport, type ImportPreview, type ImportReport } from "@/lib/runtime/tool-import";

/** The pasted or uploaded text as JSON, or a ValidationError at the document's top. */
function parseDocumentText(text: unknown): unknown {
  const source = parseInput(importTextSchema, text);
  try {
    return JSON.parse(source);
  } catch {
    throw new ValidationError([{ path: "", message: "This is not valid JSON: check the highlighted place in the editor." }]);
  }
}

/** What importing the document would do, per tool, without writing (editors and admins). */
export async function previewImportAction(text: string): Promise<ActionResult<ImportPreview>> {
  try {
    await requireRole("editor");
    return actionSuccess(await previewImport(parseDocumentText(text)));
  } catch (error) {
    return actionFailure(error);
  }
}

/**
 * Imports the document, all or nothing, skipping or overwriting existing names as chosen, and
 * creating missing credentials empty when the operator asked to (refusing the import otherwise).
 */
export async function importToolsAction(text: string, choices: Record<string, string>, options: unknown = {}): Promise<ActionResult<ImportReport>> {
  try {
    const user = await requireRole("editor");
    const report = await importTools(parseDocumentText(text), parseInput(importChoicesSchema, choices), user, parseInput(importOptionsSchema, options));
    revalidatePath("/tools", "layout");
    const written = report.created.length + report.updated.length;
    return actionSuccess(report, `Imported ${written} ${written === 1 ? "tool" : "tools"}.`);
  } catch (error) {
    return actionFailure(error);
  }
}
