import "server-only";
/**
 * Importing tools, all or nothing (SPEC §9): the document is read and every tool validated first
 * (tool-import-document.ts); then every write happens in one transaction (lib/imports/tool-import-writes.ts).
 *
 * Secret values are never imported. An export carries empty values; a value found in a document
 * (the SPEC §1.1 example has one) is not stored — it would arrive from a file nobody vetted for a
 * header whose origin nobody confirmed — and the report lists the header, so the operator enters
 * the value in the tool's form. An overwritten tool keeps its stored values where the header is
 * still secret and the origin unchanged (the save rules of tool-saves.ts).
 *
 * A tool naming a shared credential that does not exist is refused, unless the operator asks to
 * create the missing ones empty (tool-import-credentials.ts); they are created in the same
 * transaction as the tools.
 */
import type { Actor } from "../audit";
import { ValidationError, type ValidationIssue } from "../errors";
import { importChoice, writeImportedTools, type ImportChoice, type ImportedTool } from "./tool-import-writes";
import { getToolVersions } from "../catalog";
import { checkImportCredentials, type ProposedCredentialInput, type MissingCredential } from "./tool-import-credentials";
import { checkToolDocument, joinPath, readToolDocument, type DocumentTool } from "./tool-import-document";

export { ImportConflictError, type ImportChoice } from "./tool-import-writes";
export type { MissingCredential, ProposedCredentialInput } from "./tool-import-credentials";

export interface ImportOptions {
  /** Create each missing credential empty (a `header` credential on Authorization, no secret) instead of refusing the import. */
  readonly createMissingCredentials?: boolean;
  /** What each credential created empty is, when the document's source knows (an OpenAPI API key in the query). */
  readonly proposedCredentials?: readonly ProposedCredentialInput[];
}

/** A secret header left without a value by the import: the operator enters it in the tool's form. */
export interface SecretToEnter {
  readonly tool: string;
  readonly header: string;
  /**
   * `not_imported`: the document carried a value, which Quiver does not import;
   * `origin_changed`: the stored value was dropped because the tool now points at another origin;
   * `no_value`: no value anywhere yet.
   */
  readonly reason: "not_imported" | "origin_changed" | "no_value";
}

export interface ImportReport {
  readonly created: string[];
  /** Overwritten with a new revision. */
  readonly updated: string[];
  /** Overwritten with what was stored already: no new revision. */
  readonly unchanged: string[];
  readonly skipped: string[];
  readonly secretsToEnter: SecretToEnter[];
  /** Secret headers whose value in the document was not stored (a stored value, if any, was kept). */
  readonly ignoredSecretValues: { readonly tool: string; readonly header: string }[];
  /** Non-fatal remarks of the validator, at their path in the document. */
  readonly warnings: ValidationIssue[];
  /** Credentials created empty (`createMissingCredentials`): each needs its kind, fields and secret on the Credentials page. */
  readonly createdCredentials: string[];
}

/**
 * Imports `document` (a Quiver export, a list of persisted definitions or one definition).
 * `choices` say, per existing name, whether to skip the tool or overwrite it.
 *
 * @throws ValidationError listing every problem of every tool (and of `choices`), a missing
 *   credential (without `createMissingCredentials`) or a credential the tool may not use; nothing written.
 * @throws ImportConflictError (a ConflictError) listing the existing names without a choice; nothing written.
 */
export async function importTools(
  document: unknown,
  choices: Readonly<Record<string, ImportChoice>>,
  actor: Actor,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const tools = readToolDocument(document);
  checkChoices(choices);
  const written = tools.filter((tool) => importChoice(choices, tool.definition.name) !== "skip");
  const credentials = await checkImportCredentials(written, options.createMissingCredentials ? "create" : "refuse", options.proposedCredentials);
  if (credentials.issues.length > 0) throw new ValidationError(credentials.issues);
  const imported = await writeImportedTools(tools.map((tool) => tool.definition), choices, actor, credentials.toCreate);
  return { ...importReport(tools, imported), createdCredentials: credentials.missing.map((credential) => credential.name) };
}

/** One tool of a previewed import: new, existing (at `version`: needs a choice) or invalid. */
export type ImportPreviewTool =
  | { readonly path: string; readonly name: string; readonly status: "new" }
  | { readonly path: string; readonly name: string; readonly status: "exists"; readonly version: number }
  | { readonly path: string; readonly name: string; readonly status: "invalid"; readonly issues: readonly ValidationIssue[] };

export interface ImportPreview {
  /** Problems of the document itself (not of one tool): nothing can be imported while there are any. */
  readonly issues: readonly ValidationIssue[];
  readonly tools: readonly ImportPreviewTool[];
  /**
   * Credentials the valid tools name that do not exist: the import is refused unless the operator
   * chooses `createMissingCredentials`.
   */
  readonly missingCredentials: readonly MissingCredential[];
}

/**
 * What importing `document` would do, per tool, without writing: the same validation as
 * {@link importTools}, so a preview without problems imports (unless the store changes meanwhile).
 */
export async function previewImport(document: unknown): Promise<ImportPreview> {
  const checked = checkToolDocument(document);
  const valid = checked.tools.flatMap((entry) => (entry.tool ? [entry.tool] : []));
  const versions = await getToolVersions(valid.map((tool) => tool.definition.name));
  // Missing credentials are listed apart: whether to create them is the operator's choice.
  const credentials = await checkImportCredentials(valid, "list");
  const tools = checked.tools.map(({ path, name, tool, issues }): ImportPreviewTool => {
    if (tool === null) return { path, name, status: "invalid", issues };
    const credentialIssues = credentials.issuesByPath.get(path);
    if (credentialIssues) return { path, name, status: "invalid", issues: credentialIssues };
    const version = versions.get(name);
    return version === undefined ? { path, name, status: "new" } : { path, name, status: "exists", version };
  });
  return { issues: checked.issues, tools, missingCredentials: credentials.missing };
}

function checkChoices(choices: Readonly<Record<string, ImportChoice>>): void {
  const issues = Object.entries(choices)
    .filter(([, choice]) => choice !== "skip" && choice !== "overwrite")
    .map(([name]) => ({ path: `choices.${name}`, message: 'must be "skip" or "overwrite"' }));
  if (issues.length > 0) throw new ValidationError(issues);
}

function importReport(tools: readonly DocumentTool[], imported: readonly ImportedTool[]): ImportReport {
  const report: ImportReport = {
    created: [], updated: [], unchanged: [], skipped: [], secretsToEnter: [], ignoredSecretValues: [], warnings: [], createdCredentials: [],
  };
  imported.forEach((entry, index) => {
    const { path, definition, carriedSecretValues: carried } = tools[index]!;
    const tool = entry.name;
    report[entry.outcome].push(tool);
    if (entry.outcome === "skipped") return;
    report.ignoredSecretValues.push(...carried.map((header) => ({ tool, header })));
    const dropped = new Set(entry.saved.droppedSecrets.map((secret) => secret.header));
    for (const header of entry.saved.unsetSecrets) {
      const reason = dropped.has(header) ? "origin_changed" : carried.includes(header) ? "not_imported" : "no_value";
      report.secretsToEnter.push({ tool, header, reason });
    }
    report.warnings.push(...definition.warnings.map((warning) => ({ path: joinPath(path, warning.path), message: `${tool}: ${warning.message}` })));
  });
  return report;
}
