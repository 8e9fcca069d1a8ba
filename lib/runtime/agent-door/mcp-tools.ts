/**
 * A persona's tools as MCP `tools/list` entries: the provider module's MCP spec (name,
 * description, inputSchema from the parameters, readOnly/openWorld hints) plus a title and a
 * destructive hint that follows the data tool's HTTP method.
 *
 * `destructiveHint` (meaningful only when `readOnlyHint` is false):
 * - PUT, PATCH, DELETE: true — they overwrite or remove what is there.
 * - POST: true. POST is HTTP's catch-all for actions (refund, cancel, send), not only "create";
 *   Quiver cannot tell an additive POST from an irreversible one, and a false hint would let a
 *   client skip the confirmation it asks for before a destructive call. True is also the
 *   protocol's own default.
 * - GET, HEAD flagged as side-effecting: false. The operator says the call has an effect (so it
 *   is not read-only) but the method promises nothing is overwritten or removed.
 * - Code tools have no method: a side-effecting one keeps the protocol's default, true.
 */
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { toProviderSpecs, type HttpMethod, type Tool } from "../../tools";

const NON_DESTRUCTIVE_METHODS: ReadonlySet<string> = new Set<HttpMethod>(["GET", "HEAD"]);

/** Whether an MCP client should treat a call of the tool as possibly destructive (see the module comment). */
export function isDestructive(tool: Pick<Tool, "sideEffect">, method: string | null): boolean {
  if (!tool.sideEffect) return false;
  return method === null || !NON_DESTRUCTIVE_METHODS.has(method.toUpperCase());
}

/** A human title from a tool name: `get_order-status.v2` → `Get order status v2`. */
export function toolTitle(name: string): string {
  const words = name.split(/[_.\-\s]+/).filter((word) => word !== "").join(" ");
  return words === "" ? name : words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The `tools/list` entries for `tools`, in order. `methodOf` gives a data tool's HTTP method
 * (null for code tools), which decides the destructive hint.
 */
export function mcpToolList(tools: readonly Tool[], methodOf: (name: string) => string | null): McpTool[] {
  return tools.flatMap((tool) =>
    toProviderSpecs([tool], "mcp").map((spec): McpTool => {
      const title = toolTitle(spec.name);
      return {
        name: spec.name,
        title,
        description: spec.description,
        inputSchema: spec.inputSchema as McpTool["inputSchema"],
        annotations: {
          ...spec.annotations,
          title,
          destructiveHint: isDestructive(tool, tool.origin === "data" ? methodOf(tool.name) : null),
        },
      };
    }),
  );
}
