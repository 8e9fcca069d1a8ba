/**
 * Model Context Protocol tools (`tools/list`): `{name, title, description, inputSchema,
 * outputSchema?, annotations}`, the one MCP shape Quiver serves — on the MCP server and as
 * `?format=mcp` alike. `outputSchema` is there when the tool's result shape is known (a declared
 * `output_schema`, an evidence envelope); such a tool's results come as `structuredContent`.
 * The schema goes as written (MCP takes JSON Schema). The title is derived from the name. The
 * annotations carry the side-effect flag: a tool without side effects is read-only. `idempotentHint`
 * is left to its default because Quiver does not know it. Data tools call an outside HTTP API, so
 * they are open-world; code tools are local computations (the built-ins are), so they are closed-world.
 *
 * `destructiveHint` (meaningful only when `readOnlyHint` is false) follows the data tool's method:
 * - PUT, PATCH, DELETE: true — they overwrite or remove what is there.
 * - POST: true. POST is HTTP's catch-all for actions (refund, cancel, send), not only "create";
 *   Quiver cannot tell an additive POST from an irreversible one, and a false hint would let a
 *   client skip the confirmation it asks for before a destructive call. True is also the
 *   protocol's own default.
 * - GET, HEAD flagged as side-effecting: false. The operator says the call has an effect (so it
 *   is not read-only) but the method promises nothing is overwritten or removed.
 * - No method (code tools, or a shape without one): a side-effecting one keeps the protocol's
 *   default, true.
 */
import type { HttpMethod, ObjectSchema } from "../types";
import { variantOf, type CompatibilityFinding, type ToolShape, type ToolVariant } from "./types";

export interface McpToolAnnotations {
  readonly title: string;
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly openWorldHint: boolean;
}

export interface McpToolSpec {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: ObjectSchema;
  readonly outputSchema?: ObjectSchema;
  readonly annotations: McpToolAnnotations;
}

/** The MCP specification's recommended tool name form (a SHOULD, so a mismatch is only a note). */
export const MCP_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

const NON_DESTRUCTIVE_METHODS: ReadonlySet<HttpMethod> = new Set<HttpMethod>(["GET", "HEAD"]);

/** Whether an MCP client should treat a call of the tool as possibly destructive (see the module comment). */
export function isDestructive(tool: Pick<ToolShape, "sideEffect" | "method">): boolean {
  if (!tool.sideEffect) return false;
  return tool.method === undefined || !NON_DESTRUCTIVE_METHODS.has(tool.method);
}

/** A human title from a tool name: `get_order-status.v2` → `Get order status v2`. */
export function toolTitle(name: string): string {
  const words = name.split(/[_.\-\s]+/).filter((word) => word !== "").join(" ");
  return words === "" ? name : words.charAt(0).toUpperCase() + words.slice(1);
}

function annotationsFor(tool: ToolShape): McpToolAnnotations {
  return {
    title: toolTitle(tool.name),
    readOnlyHint: !tool.sideEffect,
    destructiveHint: isDestructive(tool),
    openWorldHint: tool.origin !== "code",
  };
}

/** The tool as an MCP `tools/list` entry, with what clients will make of it. */
export function mcpVariant(tool: ToolShape): ToolVariant<McpToolSpec> {
  const findings = mcpFindings(tool);
  return variantOf(mcpToolSpec(tool), findings, false, findings.length === 0 ? "Sent as written." : "Sent as written; see the notes.");
}

/** The tool as an MCP `tools/list` entry. */
export function mcpToolSpec(tool: ToolShape): McpToolSpec {
  const annotations = annotationsFor(tool);
  return {
    name: tool.name,
    title: annotations.title,
    description: tool.description,
    inputSchema: structuredClone(tool.parameters),
    ...(tool.outputSchema === undefined ? {} : { outputSchema: structuredClone(tool.outputSchema) }),
    annotations,
  };
}

/**
 * What MCP clients will see beyond the tool as written: a name outside the recommended form, and
 * how a tool with side effects is announced (clients may ask before calling a destructive one).
 * A read-only tool's hints and every data tool's open-world hint say what the operator already
 * set, so they are not remarks.
 */
export function mcpFindings(tool: ToolShape): CompatibilityFinding[] {
  const findings: CompatibilityFinding[] = [];
  if (!MCP_NAME.test(tool.name)) {
    findings.push({ provider: "mcp", severity: "note", path: "name", message: "MCP recommends names of 1–128 letters, digits, _ - or ." });
  }
  if (tool.sideEffect) findings.push({ provider: "mcp", severity: "note", path: "sideEffect", message: sideEffectWording(tool) });
  return findings;
}

function sideEffectWording(tool: ToolShape): string {
  if (!isDestructive(tool)) return `MCP clients are told it has side effects but is not destructive (a ${tool.method} overwrites and removes nothing).`;
  const cause = tool.method === undefined ? "it has side effects" : `a ${tool.method} with side effects`;
  return `MCP clients are told it may be destructive (${cause}), so they may ask before calling it.`;
}
