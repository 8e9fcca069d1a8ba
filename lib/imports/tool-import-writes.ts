import "server-only";
/**
 * Writing an import: every tool of an already validated document in one transaction, so a failure
 * half-way leaves nothing (SPEC §9). A name that exists already needs the operator's choice —
 * skip it, or overwrite it with a new revision based on its current version — and without one
 * nothing is written and the conflicting names are listed. Each tool is saved like a form save
 * (tool-saves.ts): audited, its stored secrets kept while the secret headers and the origin still
 * match; the document's secret values are never stored. Credentials the import creates (empty,
 * without a secret) are written first, in the same transaction.
 */
import type { Actor } from "../audit";
import { ConflictError } from "../errors";
import type { ToolDefinition } from "../tools";
import { saveCredentialIn } from "../credentials/server";
import { saveToolIn, type SavedTool } from "../catalog";
import { inTransaction, isUniqueViolation } from "../db/transactions";

/** What to do with an imported tool whose name exists already. */
export type ImportChoice = "skip" | "overwrite";

/** Tools of the import that exist already and have no {@link ImportChoice}: nothing was written. */
export class ImportConflictError extends ConflictError {
  constructor(readonly conflicts: readonly string[]) {
    super(
      `${conflicts.length === 1 ? "A tool" : "Tools"} named ${conflicts.join(", ")} already ` +
        `${conflicts.length === 1 ? "exists" : "exist"}: choose for each whether to skip it or overwrite it ` +
        "(as a new revision), then import again.",
    );
    this.name = "ImportConflictError";
  }
}

export type ImportedTool =
  | { readonly name: string; readonly outcome: "created" | "updated" | "unchanged"; readonly saved: SavedTool }
  | { readonly name: string; readonly outcome: "skipped" };

/** The choice made for `name`, if any (own keys only: a tool may be called `constructor`). */
export function importChoice(choices: Readonly<Record<string, ImportChoice>>, name: string): ImportChoice | undefined {
  return Object.hasOwn(choices, name) ? choices[name] : undefined;
}

/**
 * Creates, overwrites or skips each of `definitions` (distinct names, none a built-in's) as
 * `choices` say, all in one transaction, noting "Imported" on every new revision; first creates
 * each of `newCredentials` (credential form inputs, see credential-saves.ts). Throws an
 * {@link ImportConflictError} when an existing name has no choice.
 */
export async function writeImportedTools(
  definitions: readonly ToolDefinition[],
  choices: Readonly<Record<string, ImportChoice>>,
  actor: Actor,
  newCredentials: readonly unknown[] = [],
): Promise<ImportedTool[]> {
  try {
    return await inTransaction(async (tx) => {
      for (const input of newCredentials) await saveCredentialIn(tx, { input, actor });
      const names = definitions.map((definition) => definition.name);
      const rows = await tx.tool.findMany({ where: { name: { in: names } }, select: { name: true, version: true } });
      const existing = new Map(rows.map((row) => [row.name, row.version]));
      const conflicts = names.filter((name) => existing.has(name) && importChoice(choices, name) === undefined);
      if (conflicts.length > 0) throw new ImportConflictError(conflicts);

      const imported: ImportedTool[] = [];
      for (const definition of definitions) {
        const { name } = definition;
        if (importChoice(choices, name) === "skip") {
          imported.push({ name, outcome: "skipped" });
          continue;
        }
        const baseVersion = existing.get(name) ?? null;
        const saved = await saveToolIn(tx, { definition, baseVersion, actor, note: "Imported" });
        const outcome = baseVersion === null ? "created" : saved.unchanged ? "unchanged" : "updated";
        imported.push({ name, outcome, saved });
      }
      return imported;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new ConflictError("A tool or credential of this import was created by someone else meanwhile: import again to choose what to do with it.");
  }
}
