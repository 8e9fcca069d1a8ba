/** Inputs of the tool actions (lib/catalog/actions.ts): save, delete, rename lookup, revisions, and the command palette's search. */
import { z } from "zod";
import { boundedJson, boundedRecord, boundedText, INPUT_LIMITS } from "../actions/input-limits";
import { HTTP_METHODS } from "../tools/client";

/** A tool's name, as the dashboard sends it. */
export const toolNameSchema = boundedText(INPUT_LIMITS.toolName).min(1, "Choose a tool");
/** A tool version. */
export const versionSchema = z.number().int().positive("Choose a version");

// `pasted`: a value that came with a curl command and stayed on the server (lib/imports/curl-drafts.ts).
const secretSubmission = z.union([
  z.object({ value: boundedText(INPUT_LIMITS.secretValue) }),
  z.object({ clear: z.literal(true) }),
  z.object({ pasted: boundedText(INPUT_LIMITS.id).min(1) }),
]);

/** What the editor saves: the definition, where it started from, secret values and a note. */
export const saveToolSchema = z.object({
  document: boundedJson(INPUT_LIMITS.definitionBytes),
  currentName: boundedText(INPUT_LIMITS.toolName).nullable(),
  baseVersion: versionSchema.nullable(),
  secrets: boundedRecord(boundedText(INPUT_LIMITS.headerName), secretSubmission),
  renamePersonaReferences: z.boolean(),
  note: boundedText(INPUT_LIMITS.note).optional(),
});

/** What the editor sends to save. */
export type SaveToolInput = z.input<typeof saveToolSchema>;

/** A tool to delete, at the version the operator saw. */
export const deleteToolSchema = z.object({ name: toolNameSchema, baseVersion: versionSchema });

/** One revision of a tool. */
export const revisionSchema = z.object({ name: toolNameSchema, version: versionSchema });

/** A revision to restore, on top of the version the operator saw. */
export const restoreRevisionSchema = z.object({ name: toolNameSchema, version: versionSchema, baseVersion: versionSchema });

/** What the operator typed into the command palette. */
export const consoleQuerySchema = boundedText(INPUT_LIMITS.search);

/**
 * A draft tool as the provider specifications see it, for its token cost in the editor: the
 * fields the specifications are built from and nothing of the request, so nothing secret.
 */
export const toolShapeSchema = z.object({
  name: boundedText(INPUT_LIMITS.toolName),
  description: boundedText(INPUT_LIMITS.definitionBytes),
  parameters: boundedJson(INPUT_LIMITS.definitionBytes),
  sideEffect: z.boolean(),
  method: z.enum(HTTP_METHODS).optional(),
  outputSchema: boundedJson(INPUT_LIMITS.definitionBytes).optional(),
});

/** What the editor sends for a token cost. */
export type ToolShapeInput = z.input<typeof toolShapeSchema>;
