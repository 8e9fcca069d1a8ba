/** Inputs of the persona actions (app/(dashboard)/personas): switches, create, details, tree, grant, call log. */
import { z } from "zod";
import { boundedList, boundedName, boundedText, boundedTrimmedText, INPUT_LIMITS } from "../../actions/input-limits";

/** A persona's slug, as the dashboard sends it. */
export const personaSlugSchema = boundedText(INPUT_LIMITS.slug).min(1, "Choose a persona");
const toolNameSchema = boundedText(INPUT_LIMITS.toolName).min(1, "Choose a tool");

/** One tool switched on or off for one persona. */
export const toggleToolSchema = z.object({ slug: personaSlugSchema, tool: toolNameSchema, enabled: z.boolean() });

/** Several tools switched on or off for one persona. */
export const toggleToolsSchema = z.object({
  slug: personaSlugSchema,
  tools: boundedList(toolNameSchema).min(1, "Choose at least one tool"),
  enabled: z.boolean(),
});

/** A grant: inherit (null), every tool ("all") or a list of tool names. */
export const grantSchema = z.union([z.null(), z.literal("all"), boundedList(boundedText(INPUT_LIMITS.toolName))]);

/** What a grant editor sends. */
export type GrantInput = z.input<typeof grantSchema>;

/** A persona's grant, with the persona it belongs to. */
export const setGrantSchema = z.object({ slug: personaSlugSchema, grant: grantSchema });

/** A new persona; a grant left out is decided by the parent (createPersona: a root gets none). */
export const newPersonaSchema = z.object({
  name: boundedName(INPUT_LIMITS.displayName),
  slug: boundedTrimmedText(INPUT_LIMITS.slug),
  description: boundedTrimmedText(INPUT_LIMITS.description).default(""),
  parentSlug: boundedText(INPUT_LIMITS.slug).nullable().default(null),
  grant: grantSchema.optional(),
});

/** What the new-persona dialog sends. */
export type NewPersonaInput = z.input<typeof newPersonaSchema>;

/** A persona's name and description. */
export const personaDetailsSchema = z.object({
  slug: personaSlugSchema,
  name: boundedName(INPUT_LIMITS.displayName),
  description: boundedTrimmedText(INPUT_LIMITS.description),
});

/** A persona moved under another one, or to the root (null). */
export const personaParentSchema = z.object({ slug: personaSlugSchema, parentSlug: personaSlugSchema.nullable() });

/** Keeping call payloads on or off for a persona. */
export const callLoggingSchema = z.object({ slug: personaSlugSchema, enabled: z.boolean() });
/** Search mode's switch: the same shape, a persona and on or off. */
export const searchModeSchema = callLoggingSchema;
