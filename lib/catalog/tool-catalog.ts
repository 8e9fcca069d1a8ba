import "server-only";

/**
 * The live tool catalog: every tool an agent or the playground can call — the built-in code
 * tools and the data-defined tools stored in the database, each bound to its secrets (decrypted
 * only when a request is about to be sent), to its shared credential when it declares one, and to
 * the execution configuration.
 */
import { credentialAuthorization, credentialPreview } from "../credentials";
import { getToolSecretsForCall } from "./tool-secrets";
import { getTool, listToolDefinitions, type StoredToolDefinition, type ToolSecretMask } from "./tools";
import { decryptSecret } from "../secrets";
import {
  builtinTools,
  dataTool,
  parseToolDefinition,
  type Authorize,
  type ExecutionConfig,
  type PreviewAuthorization,
  type SecretSource,
  type Tool,
  type ToolDefinition,
} from "../tools";
import { getExecutionConfig } from "../setup";
import { credentialPreviewFor, credentialTokens, credentialUseFor, noteCredentialUsed } from "../credentials/server";
import { getKeyring } from "../secrets/server";

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

/**
 * Where a call of version `version` of the tool with id `toolId` gets its secret header values:
 * decrypted when the request is about to be sent, the one place plaintext secrets are produced.
 * Read by id and version, not by name, so a call made while the tool is renamed or saved again
 * never sends one definition with another's secrets.
 */
export function toolSecretSource(toolId: string, version: number): SecretSource {
  return async () => {
    const keyring = getKeyring();
    const stored = await getToolSecretsForCall(toolId, version);
    return Object.fromEntries(stored.map((secret) => [secret.header, decryptSecret(secret, keyring, secret.associatedData)]));
  };
}

/**
 * The credential step of `definition`'s calls (SPEC §5.1), or undefined when it declares no
 * credential. The credential is read when a request is about to be sent, so a call uses it as it
 * is then (a missing one sends nothing) and its use is noted once a request went out with it;
 * OAuth2 tokens come from the process's one token manager, fetched through the destination guard.
 * `capture` receives every plaintext a call carried (the value, Basic pair or tokens), for callers
 * that redact records of their own.
 */
export function toolAuthorization(definition: ToolDefinition, capture?: (plaintexts: readonly string[]) => void): Authorize | undefined {
  if (definition.auth === null) return undefined;
  const name = definition.auth.credential;
  return async (request, send, isUnauthorized) => {
    let usedId = null as string | null;
    const load = async () => {
      const use = await credentialUseFor(name);
      usedId = use?.ref.id ?? null;
      return use;
    };
    const call = await credentialAuthorization(name, load, credentialTokens())(request, send, isUnauthorized);
    // "Last used" means a request went out with it: a refused or failed step does not count.
    if (usedId !== null) void noteCredentialUsed(usedId);
    capture?.(call.plaintexts);
    return call;
  };
}

/**
 * What a dry run of `definition` shows of its credential: the masked placement, read from the
 * credential's public parts (nothing decrypted, no token fetched), or undefined when it declares
 * none or the credential does not exist (the dry run then warns).
 */
export async function toolAuthorizationPreview(definition: ToolDefinition): Promise<PreviewAuthorization | undefined> {
  if (definition.auth === null) return undefined;
  const credential = await credentialPreviewFor(definition.auth.credential);
  return credential === null ? undefined : credentialPreview(credential);
}

/** Every callable tool: built-ins first, then stored data tools by name. */
export async function loadToolCatalog(config: ExecutionConfig = getExecutionConfig()): Promise<Tool[]> {
  const stored = await listToolDefinitions();
  const dataTools = stored.flatMap((entry) => {
    const definition = parsedDefinition(entry);
    if (!definition) return [];
    return [dataTool(definition, { secrets: toolSecretSource(entry.id, entry.version), authorize: toolAuthorization(definition), config })];
  });
  return [...builtinTools(), ...dataTools];
}

/** One tool of the catalog, with what the playground shows about where it comes from. */
export type CatalogTool =
  | { readonly origin: "code"; readonly tool: Tool }
  | {
      readonly origin: "data";
      readonly id: string;
      readonly version: number;
      readonly definition: ToolDefinition;
      /** Secret headers with a stored value, and their masks: what a dry run may say without decrypting. */
      readonly secretMasks: readonly ToolSecretMask[];
    };

/**
 * The tool named `name` as the catalog holds it (a built-in first, as in {@link loadToolCatalog}),
 * or null when there is none or its stored definition no longer validates. A data tool comes
 * unbound: bind it with `dataTool(definition, { secrets: toolSecretSource(id, version), authorize: toolAuthorization(definition) })`.
 */
export async function loadCatalogTool(name: string): Promise<CatalogTool | null> {
  const builtin = builtinTools().find((tool) => tool.name === name);
  if (builtin) return { origin: "code", tool: builtin };
  const stored = await getTool(name);
  if (!stored) return null;
  const definition = parsedDefinition(stored);
  if (!definition) return null;
  return { origin: "data", id: stored.id, version: stored.version, definition, secretMasks: stored.secrets };
}
