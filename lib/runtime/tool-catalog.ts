/**
 * The live tool catalog: every tool an agent or the playground can call — the built-in code
 * tools and the data-defined tools stored in the database, each bound to its secrets (decrypted
 * only when a request is about to be sent) and to the execution configuration.
 */
import { getToolSecretsForExecution } from "../db/tool-secrets";
import { listToolDefinitions, type StoredToolDefinition } from "../db/tools";
import { decryptSecret } from "../secrets/encryption";
import { builtinTools } from "../tools/builtin";
import { dataTool } from "../tools/data-tool";
import { parseToolDefinition } from "../tools/definition";
import { executionConfigFromEnv, type ExecutionConfig } from "../tools/execution-config";
import type { Tool, ToolDefinition } from "../tools/types";
import { getKeyring } from "./keyring";

/**
 * Parsed definitions by name and version. A stored definition is immutable per version, so the
 * entry is safe to keep and safe to lose (another instance simply parses again).
 */
const parsedDefinitions = new Map<string, { version: number; definition: ToolDefinition }>();

function parsedDefinition(stored: StoredToolDefinition): ToolDefinition {
  const cached = parsedDefinitions.get(stored.name);
  if (cached?.version === stored.version) return cached.definition;
  const definition = parseToolDefinition(stored.definition);
  parsedDefinitions.set(stored.name, { version: stored.version, definition });
  return definition;
}

/** Decrypts tool `name`'s secret header values: the one place plaintext secrets are produced. */
async function revealToolSecrets(name: string): Promise<Record<string, string>> {
  const keyring = getKeyring();
  const stored = await getToolSecretsForExecution(name);
  return Object.fromEntries(stored.map((secret) => [secret.header, decryptSecret(secret, keyring)]));
}

/** Every callable tool: built-ins first, then stored data tools by name. */
export async function loadToolCatalog(config: ExecutionConfig = executionConfigFromEnv(process.env)): Promise<Tool[]> {
  const stored = await listToolDefinitions();
  const dataTools = stored.map((entry) =>
    dataTool(parsedDefinition(entry), { secrets: () => revealToolSecrets(entry.name), config }),
  );
  return [...builtinTools(), ...dataTools];
}
