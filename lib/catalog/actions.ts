"use server";
/** The tool catalog's server actions: save, delete, revisions, the rename question and the command palette's search. */
import { actionSuccess } from "../actions/action-result";
import { defineAction } from "../actions/define-action";
import { NotFoundError } from "../errors";
import { withPastedSecrets } from "../imports";
import { listPersonasReferencingTool } from "../personas/server";
import { consoleQuerySchema, deleteToolSchema, restoreRevisionSchema, revisionSchema, saveToolSchema, toolNameSchema, toolShapeSchema, type SaveToolInput, type ToolShapeInput } from "./schemas";
import { searchConsole } from "./console-search";
import { saveToolFromEditor } from "./tool-authoring";
import { getToolRevision } from "./tool-revisions";
import { deleteTool, restoreToolRevision, type SavedTool } from "./tool-saves";
import { getTool } from "./tools";
import { draftToolCost } from "./tool-token-cost";

export type { DraftToolCost } from "./tool-token-cost";

/** What the editor learns from a save: never a secret, only names, versions and headers. */
export type SaveOutcome = Pick<SavedTool, "name" | "version" | "unchanged" | "previousName" | "droppedSecrets" | "unsetSecrets" | "renamedInPersonas">;

/** Creates or updates a tool from the editor (editors and admins); the list and every tool page below it (a rename moves the page) refresh. */
export const saveToolAction = defineAction(
  { role: "editor", input: saveToolSchema, from: (input: SaveToolInput) => input, revalidate: [{ path: "/tools", type: "layout" }] },
  async (input, operator) => {
    const saved = await saveToolFromEditor({ ...input, secrets: withPastedSecrets(input.secrets, operator.id) }, operator);
    const { name, version, unchanged, previousName, droppedSecrets, unsetSecrets, renamedInPersonas } = saved;
    const message = unchanged ? `Nothing changed: ${name} stays at version ${version}.` : `Saved ${name} as version ${version}.`;
    return actionSuccess<SaveOutcome>({ name, version, unchanged, previousName, droppedSecrets, unsetSecrets, renamedInPersonas }, message);
  },
);

/** The personas whose grant or switches name `tool`, so a rename can offer to update them. */
export const personasNamingToolAction = defineAction(
  { role: "editor", input: toolNameSchema, from: (tool: string) => tool },
  async (tool) => actionSuccess((await listPersonasReferencingTool(tool)).map(({ slug, name }) => ({ slug, name }))),
);

/** Whether a tool already holds `name`, so the editor marks a taken name as it is typed (the save refuses it too). */
export const toolNameTakenAction = defineAction(
  { role: "editor", input: toolNameSchema, from: (name: string) => name },
  async (name) => actionSuccess((await getTool(name)) !== null),
);

/** Deletes a tool if it is still at the version the operator saw (editors and admins). */
export const deleteToolAction = defineAction(
  { role: "editor", input: deleteToolSchema, from: (name: string, baseVersion: number) => ({ name, baseVersion }), revalidate: ["/tools"] },
  async ({ name, baseVersion }, operator) => {
    await deleteTool(name, baseVersion, operator);
    return actionSuccess(undefined, `Deleted ${name}.`);
  },
);

/** One revision of a tool, in full (secret values are never stored in revisions). */
export const getRevisionAction = defineAction(
  { role: "viewer", input: revisionSchema, from: (name: string, version: number) => ({ name, version }) },
  async ({ name, version }) => {
    const revision = await getToolRevision(name, version);
    if (!revision) throw new NotFoundError(`Tool "${name}" has no version ${version}.`);
    return actionSuccess(revision);
  },
);

/** Makes revision `version` the tool's current definition, as a new version on top of `baseVersion`. */
export const restoreToolRevisionAction = defineAction(
  {
    role: "editor",
    input: restoreRevisionSchema,
    from: (name: string, version: number, baseVersion: number) => ({ name, version, baseVersion }),
    revalidate: ({ name }) => [`/tools/${name}`, "/tools"],
  },
  async ({ name, version, baseVersion }, operator) => {
    const saved = await restoreToolRevision(name, version, baseVersion, operator);
    const message = saved.unchanged ? `Version ${version} is already the current definition.` : `Restored version ${version} as version ${saved.version}.`;
    return actionSuccess(saved, message);
  },
);

/** The command palette's search: tools and personas matching the query (every signed-in role). */
export const searchConsoleAction = defineAction(
  { role: "viewer", input: consoleQuerySchema, from: (query: string) => query },
  async (query) => actionSuccess(await searchConsole(query)),
);

/** What the tool being edited costs each provider's context per request (every role: it changes nothing). */
export const toolTokenCostAction = defineAction(
  { role: "viewer", input: toolShapeSchema, from: (shape: ToolShapeInput) => shape },
  async (shape) => actionSuccess(draftToolCost(shape)),
);
