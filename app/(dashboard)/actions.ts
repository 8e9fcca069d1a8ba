"use server";

import { z } from "zod";
import { actionFailure, actionSuccess, type ActionResult } from "@/lib/actions/action-result";
import { parseInput } from "@/lib/actions/parse-input";
import { requireRole } from "@/lib/auth/session";
import { searchConsole, type ConsoleSearchResults } from "@/lib/runtime/console-search";

/** The command palette's search: tools and personas matching the query (every signed-in role). */
export async function searchConsoleAction(query: string): Promise<ActionResult<ConsoleSearchResults>> {
  try {
    await requireRole("viewer");
    return actionSuccess(await searchConsole(parseInput(z.string().max(200), query)));
  } catch (error) {
    return actionFailure(error);
  }
}
