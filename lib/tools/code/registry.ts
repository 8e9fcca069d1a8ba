/**
 * The tool registry (SPEC §3): the exact set of tools one run may call. It is built from tool
 * instances, tool classes, factories, providers and nested arrays of them; binds newly created
 * tools to the run's collaborators (the binding); enforces unique, well-formed names; and closes
 * what it owns when the run ends (`await using registry = await ToolRegistry.create(…)`).
 *
 * Ownership: the registry owns (and closes) the tools it creates — those constructed from classes
 * and those returned by factories and providers. A tool instance passed in directly is borrowed:
 * whoever created it closes it, because one instance (a built-in, a process-wide client) is often
 * shared by many runs' registries and must outlive each of them. To hand an instance over, wrap it
 * in a factory: `() => tool`.
 */
import { ConflictError, NotFoundError, ValidationError, type ValidationIssue } from "../../errors";
import { describeValue } from "../definition";
import { toProviderSpecs, type ProviderFormat, type ProviderSpecs } from "../providers";
import type { Tool } from "../types";

/** Builds one or more tools bound to the run's collaborators. The registry owns what it returns. */
export type ToolFactory<Binding> = (binding: Binding) => Tool | readonly Tool[];

/** A tool class: constructed with the binding (`new Entry(binding)`). The registry owns the instance. */
export type ToolClass<Binding> = new (binding: Binding) => Tool;

/** An object supplying a family of tools (e.g. every data tool of a persona). The registry owns what it returns. */
export interface ToolProvider<Binding> {
  tools(binding: Binding): readonly Tool[];
}

export type RegistryEntry<Binding> =
  | Tool
  | ToolClass<Binding>
  | ToolFactory<Binding>
  | ToolProvider<Binding>
  | readonly RegistryEntry<Binding>[];

/** Model-visible names: what every provider accepts (letters, digits, `_`, `-`; 1–64). */
export const REGISTRY_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

interface Candidate {
  readonly tool: Tool;
  readonly owned: boolean;
}

function isTool(value: unknown): value is Tool {
  return typeof value === "object" && value !== null && typeof (value as Tool).call === "function";
}

/**
 * True for a `class` constructor. Both classes and factories are functions, but a class throws
 * when called without `new` and a factory (an arrow function) throws when called with it, so the
 * only reliable tell is the source text, which for a class always starts with the keyword.
 */
function isToolClass<Binding>(value: ToolClass<Binding> | ToolFactory<Binding>): value is ToolClass<Binding> {
  return /^class[\s{]/.test(Function.prototype.toString.call(value));
}

function isProvider<Binding>(value: unknown): value is ToolProvider<Binding> {
  return typeof value === "object" && value !== null && typeof (value as ToolProvider<Binding>).tools === "function";
}

/** Closes each tool in order, continuing past failures; returns the failures. */
async function closeEach(tools: readonly Tool[]): Promise<unknown[]> {
  const failures: unknown[] = [];
  for (const tool of tools) {
    try {
      await tool.close?.();
    } catch (failure) {
      failures.push(failure);
    }
  }
  return failures;
}

function namesOf(tools: readonly Tool[]): string {
  return tools.map((tool) => tool.name).join(", ");
}

export class ToolRegistry<Binding = unknown> {
  readonly #binding: Binding;
  readonly #tools = new Map<string, Tool>();
  /** Tools this registry created, in registration order: closed in reverse. */
  readonly #owned: Tool[] = [];
  #closing: Promise<void> | null = null;

  constructor(options: { binding?: Binding } = {}) {
    this.#binding = options.binding as Binding;
  }

  /**
   * Builds a registry from `entries`. If building fails part-way, every tool already created is
   * closed before the error propagates.
   */
  static async create<Binding = unknown>(
    entries: RegistryEntry<Binding>,
    options: { binding?: Binding } = {},
  ): Promise<ToolRegistry<Binding>> {
    const registry = new ToolRegistry<Binding>(options);
    await registry.register(entries);
    return registry;
  }

  /**
   * Adds `entry`'s tools. Every new tool is checked before any is added: a bad name or a blank
   * description is a `ValidationError` listing every problem; a name already taken (here or in
   * the same call) is a `ConflictError`. With `replace`, a taken name is replaced instead — the
   * replacement keeps the old tool's place in `tools()` — and a replaced owned tool is closed
   * only after the new ones passed the checks. On any failure the registry is unchanged and the
   * tools this call created are closed (if that closing fails too, an AggregateError carries the
   * original error first, then the closing failures).
   */
  async register(entry: RegistryEntry<Binding>, { replace = false }: { replace?: boolean } = {}): Promise<this> {
    if (this.#closing) throw new Error("Tool registry is closed");
    const created: Tool[] = [];
    let candidates: Candidate[];
    try {
      candidates = this.#resolve(entry, created);
      this.#check(candidates, replace);
    } catch (failure) {
      const registered = new Set(this.#tools.values());
      const cleanupFailures = await closeEach(created.filter((tool) => !registered.has(tool)));
      if (cleanupFailures.length > 0) {
        throw new AggregateError([failure, ...cleanupFailures], "Registering tools failed, and closing the tools it created failed too");
      }
      throw failure;
    }
    const replaced = this.#commit(candidates);
    const failures = await closeEach(replaced);
    if (failures.length > 0) {
      throw new AggregateError(failures, `Tools were replaced, but closing the replaced ones failed: ${namesOf(replaced)}`);
    }
    return this;
  }

  /** The named tool. @throws NotFoundError "Unknown tool: NAME". */
  fetch(name: string): Tool {
    const tool = this.#tools.get(name);
    if (!tool) throw new NotFoundError(`Unknown tool: ${name}`);
    return tool;
  }

  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /** The model-visible names, in registration order. */
  names(): readonly string[] {
    return Object.freeze([...this.#tools.keys()]);
  }

  /** The tools, in registration order. */
  tools(): readonly Tool[] {
    return Object.freeze([...this.#tools.values()]);
  }

  /** The tools as `format`'s tool specifications (see providers/provider-specs.ts). */
  specifications<F extends ProviderFormat>(format: F): ProviderSpecs[F][] {
    return toProviderSpecs(this.tools(), format);
  }

  /**
   * Closes every owned tool once, in reverse order of registration, continuing past failures,
   * which are reported together in one AggregateError. Idempotent: later calls return the same
   * promise. No tool can be registered afterwards.
   */
  close(): Promise<void> {
    this.#closing ??= this.#closeOwned();
    return this.#closing;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #closeOwned(): Promise<void> {
    const owned = this.#owned.splice(0).reverse();
    const failures = await closeEach(owned);
    if (failures.length > 0) {
      throw new AggregateError(failures, `Closing tools failed (${failures.length} of ${owned.length})`);
    }
  }

  /** Flattens `entry` into tools, creating those from classes, factories and providers (recorded in `created` as they appear). */
  #resolve(entry: RegistryEntry<Binding>, created: Tool[]): Candidate[] {
    if (Array.isArray(entry)) return entry.flatMap((item: RegistryEntry<Binding>) => this.#resolve(item, created));
    if (isTool(entry)) return [{ tool: entry, owned: false }];
    let made: unknown;
    if (typeof entry === "function") made = isToolClass<Binding>(entry) ? new entry(this.#binding) : entry(this.#binding);
    else if (isProvider<Binding>(entry)) made = entry.tools(this.#binding);
    else {
      throw new TypeError(
        `A registry entry must be a tool (an object with call), a tool class, a tool factory, a provider (an object with tools) or an array of them; found ${describeValue(entry)}`,
      );
    }
    const tools = Array.isArray(made) ? made : [made];
    for (const tool of tools) {
      if (!isTool(tool)) throw new TypeError(`A tool class, factory or provider produced ${describeValue(tool)} instead of a tool`);
      created.push(tool);
    }
    return tools.map((tool: Tool) => ({ tool, owned: true }));
  }

  /** Throws unless every candidate is well-formed and its name free (or replaceable). */
  #check(candidates: readonly Candidate[], replace: boolean): void {
    const issues: ValidationIssue[] = [];
    const seen = new Set<string>();
    const collisions = new Set<string>();
    for (const [index, { tool }] of candidates.entries()) {
      const name: unknown = tool.name;
      if (typeof name !== "string" || !REGISTRY_TOOL_NAME.test(name)) {
        issues.push({ path: `tools.${index}.name`, message: `${JSON.stringify(name) ?? String(name)} is not a valid tool name: use 1–64 letters, digits, _ or -` });
        continue;
      }
      if (typeof tool.description !== "string" || tool.description.trim() === "") {
        issues.push({ path: `tools.${index}.description`, message: `tool "${name}" needs a description` });
      }
      if (seen.has(name) || (this.#tools.has(name) && !replace)) collisions.add(name);
      seen.add(name);
    }
    if (issues.length > 0) throw new ValidationError(issues);
    if (collisions.size > 0) throw new ConflictError(`Tool name collision: ${[...collisions].join(", ")}`);
  }

  /** Adds checked candidates; returns the owned tools they replaced, which the caller closes. */
  #commit(candidates: readonly Candidate[]): Tool[] {
    const replaced: Tool[] = [];
    for (const { tool, owned } of candidates) {
      const previous = this.#tools.get(tool.name);
      this.#tools.set(tool.name, tool);
      if (previous !== undefined && previous !== tool && this.#owned.includes(previous)) {
        this.#owned.splice(this.#owned.indexOf(previous), 1);
        replaced.push(previous);
      }
      if (owned && !this.#owned.includes(tool)) this.#owned.push(tool);
    }
    return replaced;
  }
}
