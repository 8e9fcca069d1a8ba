import "server-only";

/**
 * What the agents' door serves, loaded once per stored state instead of on every call: the tool
 * catalog (definitions parsed and bound), the personas, and per persona its effective tools and
 * their specifications. Each call first asks the database for the state's stamp — one cheap
 * aggregate query over `tools` and `personas` (row count, sum of versions, latest update), which
 * the runtime API reads together with the API key (`stamp` below) — and reuses the snapshot only
 * while the stamp is unchanged. So a tool saved, a persona switched or a
 * grant narrowed on any instance is seen by every instance on its next call; nothing is kept for
 * a time.
 */
import { createHash } from "node:crypto";
import { listToolDefinitions, readCatalogStamp, toolAuthorization, toolSecretSource } from "../catalog";
import { getDb, type Db } from "../db/client";
import { countSnapshotRefresh } from "../observability/metrics";
import { listPersonas, resolveStoredPersona, type PersonaDTO } from "../personas/server";
import { personaChain } from "../personas";
import {
  anthropicDeferredSpecs,
  buildToolIndex,
  builtinTools,
  dataTool,
  hasNativeDeferredLoading,
  META_TOOLS,
  parseToolDefinition,
  toProviderSpecs,
  type ProviderFormat,
  type ShapeOptions,
  type Tool,
  type ToolDefinition,
  type ToolIndex,
} from "../tools";
import { getExecutionConfig } from "../setup";

/** A stored data tool as the door calls it: bound afresh per call, so the call can see which secrets it used. */
export interface StoredDataTool {
  readonly id: string;
  readonly version: number;
  readonly definition: ToolDefinition;
}

/** A persona's tools list in one format, with its entity tag. */
export interface AgentToolList {
  readonly specs: unknown[];
  /** A strong ETag: the hash of the specs' JSON. */
  readonly etag: string;
}

interface Snapshot {
  readonly stamp: string;
  readonly catalog: readonly Tool[];
  readonly dataTools: ReadonlyMap<string, StoredDataTool>;
  readonly personas: ReadonlyMap<string, PersonaDTO>;
  readonly logsPayloads: ReadonlySet<string>;
  /** The personas in search mode. */
  readonly searchMode: ReadonlySet<string>;
  /** Filled on first use: effective tools, lists per persona (and format) and search mode's index per persona. */
  readonly effective: Map<string, Tool[]>;
  /** The same by name, for calls: a persona of thousands of tools finds one without a scan. */
  readonly effectiveByName: Map<string, ReadonlyMap<string, Tool>>;
  readonly lists: Map<string, AgentToolList>;
  readonly indexes: Map<string, ToolIndex>;
}

/** The latest snapshot per database client (one in production; tests switch between several). */
const latest = new WeakMap<Db, { stamp: string; snapshot: Promise<Snapshot> }>();

/** A stored tool version parsed and bound once. */
interface ParsedTool {
  readonly stored: StoredDataTool;
  readonly tool: Tool;
}

/**
 * The tools the latest snapshot parsed, by id and version, per database client: a save changes
 * one tool's version, so the next snapshot parses that one and reuses the rest — with thousands
 * of tools, parsing them all again held every call for over a second after each save. A version's
 * definition never changes (tool-version-writes.ts writes a new version for every change), and
 * what a bound tool reads besides it — secrets, credentials — it reads when called.
 */
const parsedTools = new WeakMap<Db, Map<string, ParsedTool>>();

/** Each stored tool parsed and bound, reusing those the previous snapshot parsed; an unreadable one is left out (logged). */
function parseCatalog(db: Db, rows: Awaited<ReturnType<typeof listToolDefinitions>>): ParsedTool[] {
  const previous = parsedTools.get(db) ?? new Map<string, ParsedTool>();
  const current = new Map<string, ParsedTool>();
  const config = getExecutionConfig();
  for (const row of rows) {
    const key = `${row.id}:${row.version}`;
    let parsed = previous.get(key);
    if (!parsed) {
      try {
        const definition = parseToolDefinition(row.definition);
        const tool = dataTool(definition, { secrets: toolSecretSource(row.id, row.version), authorize: toolAuthorization(definition), config });
        parsed = { stored: { id: row.id, version: row.version, definition }, tool };
      } catch (error) {
        // As in the dashboard's catalog: one unreadable row must not take every persona down with it.
        console.error(`Tool "${row.name}" v${row.version} is left out of the agents' catalog: ${error instanceof Error ? error.message : String(error)}`);
        continue;
      }
    }
    current.set(key, parsed);
  }
  parsedTools.set(db, current);
  return [...current.values()];
}

async function loadSnapshot(db: Db, stamp: string): Promise<Snapshot> {
  const [stored, personas] = await Promise.all([listToolDefinitions(), listPersonas()]);
  const parsed = parseCatalog(db, stored);
  const dataTools = new Map(parsed.map(({ stored: entry }) => [entry.definition.name, entry]));
  const bound = parsed.map(({ tool }) => tool);
  return {
    stamp,
    catalog: [...builtinTools(), ...bound],
    dataTools,
    personas: new Map(personas.map((persona) => [persona.slug, persona])),
    logsPayloads: new Set(personas.filter((persona) => persona.logCallPayloads).map((persona) => persona.slug)),
    searchMode: new Set(personas.filter((persona) => persona.exposeAsSearch).map((persona) => persona.slug)),
    effective: new Map(),
    effectiveByName: new Map(),
    lists: new Map(),
    indexes: new Map(),
  };
}

/**
 * The snapshot for the stored state with `stamp`, read now when not given (one stamp query); a
 * reload only when the state changed.
 */
async function snapshot(given?: string): Promise<Snapshot> {
  const db = getDb();
  const stamp = given ?? (await readCatalogStamp(db));
  const cached = latest.get(db);
  if (cached?.stamp === stamp) return cached.snapshot;
  const entry = { stamp, snapshot: loadSnapshot(db, stamp) };
  countSnapshotRefresh();
  latest.set(db, entry);
  // A failed load must not stick: the next call tries again.
  entry.snapshot.catch(() => {
    if (latest.get(db) === entry) latest.delete(db);
  });
  return entry.snapshot;
}

function effectiveTools(state: Snapshot, slug: string): Tool[] | null {
  if (!state.personas.has(slug)) return null;
  let tools = state.effective.get(slug);
  if (!tools) {
    tools = resolveStoredPersona(personaChain(slug, state.personas), state.catalog).available;
    state.effective.set(slug, tools);
  }
  return tools;
}

/** Whether persona `slug` exists now (`stamp`: the state's stamp when the caller read it already). */
export async function personaExists(slug: string, stamp?: string): Promise<boolean> {
  return (await snapshot(stamp)).personas.has(slug);
}

/** The persona's effective tools (grant minus disabled, live), or null when there is no such persona. */
export async function agentTools(slug: string): Promise<Tool[] | null> {
  return effectiveTools(await snapshot(), slug);
}

/** How a list is asked for: a shape (`strict`), and `deferred: false` to take the meta-tools even where the provider could load tools on demand. */
export interface AgentToolListOptions extends ShapeOptions {
  readonly deferred?: boolean;
  /** Every effective tool even in search mode: what the persona's tools themselves cost (the context budget). */
  readonly everyTool?: boolean;
}

/**
 * What an agent is listed: every effective tool, or — for a persona in search mode — the
 * meta-tools, or where `format`'s provider loads tools on demand (Anthropic's tool search) every
 * tool deferred behind that provider's search tool. `options.strict` picks OpenAI's or
 * Anthropic's other variant.
 */
function listedSpecs(state: Snapshot, slug: string, tools: readonly Tool[], format: ProviderFormat, options: AgentToolListOptions): unknown[] {
  const shape = { strict: options.strict };
  if (options.everyTool || !state.searchMode.has(slug)) return toProviderSpecs(tools, format, shape);
  if (options.deferred !== false && hasNativeDeferredLoading(format)) return anthropicDeferredSpecs(tools);
  return toProviderSpecs(META_TOOLS, format, shape);
}

/**
 * The persona's tools as an agent is listed them in `format` (see {@link listedSpecs}), with their
 * ETag, or null when there is no such persona (`stamp`: the state's stamp when the caller read it already).
 */
export async function agentToolList(slug: string, format: ProviderFormat, stamp?: string, options: AgentToolListOptions = {}): Promise<AgentToolList | null> {
  const state = await snapshot(stamp);
  const tools = effectiveTools(state, slug);
  if (tools === null) return null;
  const listing = options.everyTool ? "every" : options.deferred === false ? "meta" : "default";
  const cacheKey = `${format}:${listing}:${options.strict ?? "default"}:${slug}`;
  let list = state.lists.get(cacheKey);
  if (!list) {
    const specs = listedSpecs(state, slug, tools, format, options);
    list = { specs, etag: `"${createHash("sha256").update(JSON.stringify(specs)).digest("base64url")}"` };
    state.lists.set(cacheKey, list);
  }
  return list;
}

/** A persona as search mode sees it: whether it is in search mode, its effective tools and their index (built once per snapshot). */
export interface AgentSearchState {
  readonly searchMode: boolean;
  readonly tools: readonly Tool[];
  readonly index: ToolIndex;
}

/** Persona `slug`'s search state, or null when there is no such persona (`stamp`: as above). */
export async function agentSearchState(slug: string, stamp?: string): Promise<AgentSearchState | null> {
  const state = await snapshot(stamp);
  const tools = effectiveTools(state, slug);
  if (tools === null) return null;
  let index = state.indexes.get(slug);
  if (!index) {
    index = buildToolIndex(tools.map((tool) => ({ ...tool, ...taggingOf(state.dataTools.get(tool.name)) })));
    state.indexes.set(slug, index);
  }
  return { searchMode: state.searchMode.has(slug), tools, index };
}

/** A data tool's tags and group, for the index (code tools have none). */
function taggingOf(stored: StoredDataTool | undefined): { tags: readonly string[]; group: string | null } {
  return { tags: stored?.definition.tags ?? [], group: stored?.definition.group ?? null };
}

/**
 * What a call of `toolName` as persona `slug` needs: the tool if it is effective, its stored form,
 * the payload-log switch (`stamp`: the state's stamp when the caller read it already).
 */
export async function agentCallTarget(
  slug: string,
  toolName: string,
  stamp?: string,
): Promise<{ persona: boolean; tool: Tool | null; stored: StoredDataTool | null; logPayloads: boolean }> {
  const state = await snapshot(stamp);
  const tools = effectiveTools(state, slug);
  let byName = state.effectiveByName.get(slug);
  if (tools !== null && !byName) {
    byName = new Map(tools.map((candidate) => [candidate.name, candidate]));
    state.effectiveByName.set(slug, byName);
  }
  const tool = byName?.get(toolName) ?? null;
  return {
    persona: tools !== null,
    tool,
    stored: tool?.origin === "data" ? (state.dataTools.get(toolName) ?? null) : null,
    logPayloads: state.logsPayloads.has(slug),
  };
}

/** The persona's effective tools, in catalog order; empty when there is no such persona. */
export async function listAgentTools(personaSlug: string): Promise<Tool[]> {
  return (await agentTools(personaSlug)) ?? [];
}
