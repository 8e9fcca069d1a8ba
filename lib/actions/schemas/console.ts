/** Input of the command palette's search (app/(dashboard)/actions.ts). */
import { boundedText, INPUT_LIMITS } from "../input-limits";

/** What the operator typed into the palette. */
export const consoleQuerySchema = boundedText(INPUT_LIMITS.search);
