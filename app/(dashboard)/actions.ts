"use server";

import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import { consoleQuerySchema } from "@/lib/actions/schemas/console";
import { requireRole } from "@/lib/auth/session";
import { searchConsole, type ConsoleSearchResults } from "@/lib/runtime/console-search";

/** The command palette's search: tools and personas matching the query (every signed-in role). */
export async function searchConsoleAction(query: string): Promise<ActionResult<ConsoleSearchResults>> {
  try {
    await requireRole("viewer");
    return actionSuccess(await searchConsole(parseInput(consoleQuerySchema, query)));
  } catch (error) {
    return actionFailure(error);
  }
}
