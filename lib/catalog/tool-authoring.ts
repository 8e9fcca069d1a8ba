import "server-only";
/**
 * What the tool editor's Save does on the server: the one validator judges the document, the
 * submitted secret values are reconciled with the stored ones (masks keep, new values replace,
 * clearing is explicit) and everything is written in one transaction by saveTool.
 */
import type { Actor } from "../audit";
import { saveTool, type SavedTool } from "./tool-saves";
import type { SecretSubmission } from "../secrets";
import { parseToolDefinition } from "../tools";
import { getKeyring } from "../secrets/server";

export interface EditorSave {
  /** The persisted-form document the editor built (validated here, never trusted). */
  readonly document: unknown;
  /** The tool's name before this edit; null creates a tool. */
  readonly currentName: string | null;
  readonly baseVersion: number | null;
  /** By lower-cased or written header name: a new value, or an explicit clear. Absent keeps. */
  readonly secrets: Readonly<Record<string, SecretSubmission>>;
  readonly renamePersonaReferences: boolean;
  readonly note?: string;
}

/** Validates and saves one editor submission; throws ValidationError / ConflictError as saveTool does. */
export async function saveToolFromEditor(save: EditorSave, actor: Actor): Promise<SavedTool> {
  const definition = parseToolDefinition(save.document);
  return saveTool({
    definition,
    secrets: { values: save.secrets, keyring: getKeyring() },
    baseVersion: save.baseVersion,
    currentName: save.currentName ?? undefined,
    renamePersonaReferences: save.renamePersonaReferences,
    actor,
    note: save.note?.trim() || undefined,
  });
}
