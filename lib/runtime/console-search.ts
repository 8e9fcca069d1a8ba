/**
 * What the command palette finds for a query: tools (data and code) and personas by name,
 * a few of each, so jumping anywhere stays one keystroke away however large the catalog grows.
 */
import { listPersonas } from "../db/personas";
import { listToolsForDashboard } from "./tool-list";

export interface ConsoleSearchResults {
  readonly tools: readonly { name: string; description: string; kind: "data" | "code" }[];
  readonly personas: readonly { slug: string; name: string }[];
}

/** At most `limit` tools and `limit` personas matching `query` (name or description, ignoring case). */
export async function searchConsole(query: string, limit = 8): Promise<ConsoleSearchResults> {
  const needle = query.trim().toLowerCase();
  const [{ dataTools, codeTools }, personas] = await Promise.all([listToolsForDashboard({ search: needle }), listPersonas()]);
  const tools = [
    ...dataTools.map((tool) => ({ name: tool.name, description: tool.description, kind: "data" as const })),
    ...codeTools.map((tool) => ({ name: tool.name, description: tool.description, kind: "code" as const })),
  ];
  return {
    tools: tools.slice(0, limit),
    personas: personas
      .filter((persona) => !needle || persona.slug.includes(needle) || persona.name.toLowerCase().includes(needle))
      .slice(0, limit)
      .map(({ slug, name }) => ({ slug, name })),
  };
}
