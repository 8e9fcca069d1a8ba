import "server-only";
/**
 * What the command palette finds for a query: tools (data and code), personas and shared credentials by name,
 * a few of each, so jumping anywhere stays one keystroke away however large the catalog grows.
 */
import { listCredentials } from "../credentials/server";
import { listPersonas } from "../personas/server";
import { listToolPage } from "./tool-list";

export interface ConsoleSearchResults {
  readonly tools: readonly { name: string; description: string; kind: "data" | "code" }[];
  readonly personas: readonly { slug: string; name: string }[];
  readonly credentials: readonly { name: string; kind: string }[];
}

/** At most `limit` tools, personas and credentials matching `query` (name or description, ignoring case). */
export async function searchConsole(query: string, limit = 8): Promise<ConsoleSearchResults> {
  const needle = query.trim().toLowerCase();
  const [{ rows }, personas, credentials] = await Promise.all([listToolPage({ search: needle, offset: 0, limit }), listPersonas(), listCredentials()]);
  return {
    tools: rows.map(({ name, description, kind }) => ({ name, description, kind })),
    personas: personas
      .filter((persona) => !needle || persona.slug.includes(needle) || persona.name.toLowerCase().includes(needle))
      .slice(0, limit)
      .map(({ slug, name }) => ({ slug, name })),
    credentials: credentials
      .filter((credential) => !needle || credential.name.toLowerCase().includes(needle) || credential.description.toLowerCase().includes(needle))
      .slice(0, limit)
      .map(({ name, kind }) => ({ name, kind })),
  };
}
