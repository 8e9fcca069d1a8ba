import "server-only";

/**
 * The live tool catalog: every tool an agent or the playground can call — the built-in code
 * tools and the data-defined tools stored in the database, each bound to its secrets (decrypted
 * only when a request is about to be sent) and to the execution configuration.
 */
import { getToolSecretsForExecution } from "../db/tool-secrets";
import { listToolDefinitions, type StoredToolDefinition } from "../db/tools";
import { decryptSecret } from "../secrets/encryption";
import { builtinTools, dataTool, parseToolDefinition, type ExecutionConfig, type Tool, type ToolDefinition } from "../tools";
import { getExecutionConfig } from "./configuration";
import { getKeyring } from "./keyring";

/**
 * Parsed definitions by tool id, with the version parsed. A stored version never changes, so an entry is safe
 * to keep and safe to lose (another instance simply parses again). Keyed by id, not name: a tool
 * deleted and created again under the same name starts over at version 1.
 */
const parsedDefinitions = new Map<string, { version: number; definition: ToolDefinition }>();

/** The stored definition parsed, or null (logged) when it no longer passes validation. */
function parsedDefinition(stored: StoredToolDefinition): ToolDefinition | null {
  const cached = parsedDefinitions.get(stored.id);
  if (cached?.version === stored.version) return cached.definition;
  try {
    const definition = parseToolDefinition(stored.definition);
    parsedDefinitions.set(stored.id, { version: stored.version, definition });
    return definition;
  } catch (error) {
    // One unreadable row (e.g. stored before a stricter rule) must not take every persona down with it.
    console.error(`Tool "${stored.name}" v${stored.version} is left out of the catalog: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** Decrypts tool `name`'s secret header values: the one place plaintext secrets are produced. */
async function revealToolSecrets(name: string): Promise<Record<string, string>> {
  const keyring = getKeyring();
  const stored = await getToolSecretsForExecution(name);
  return Object.fromEntries(stored.map((secret) => [secret.header, decryptSecret(secret, keyring, secret.associatedData)]));
}

/** Every callable tool: built-ins first, then stored data tools by name. */
export async function loadToolCatalog(config: ExecutionConfig = getExecutionConfig()): Promise<Tool[]> {
  const stored = await listToolDefinitions();
  const dataTools = stored.flatMap((entry) => {
    const definition = parsedDefinition(entry);
    return definition ? [dataTool(definition, { secrets: () => revealToolSecrets(entry.name), config })] : [];
  });
  return [...builtinTools(), ...dataTools];
}
