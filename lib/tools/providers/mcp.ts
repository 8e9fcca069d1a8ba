/**
 * Model Context Protocol tools (`tools/list`): `{name, description, inputSchema, annotations}`.
 * The schema goes as written (MCP takes JSON Schema). The annotations carry the side-effect flag:
 * a tool without side effects is read-only; one with side effects may be destructive (Quiver
 * cannot know it is not, and the protocol's own default assumes it is). `idempotentHint` is left
 * to its default because Quiver does not know it. Data tools call an outside HTTP API, so they are
 * open-world; code tools are local computations (the built-ins are), so they are closed-world.
 */
import type { ObjectSchema } from "../types";
import type { CompatibilityFinding, ToolShape } from "./types";

export interface McpToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly openWorldHint: boolean;
}

export interface McpToolSpec {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: ObjectSchema;
  readonly annotations: McpToolAnnotations;
}

/** The MCP specification's recommended tool name form (a SHOULD, so a mismatch is only a note). */
export const MCP_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

function annotationsFor(tool: ToolShape): McpToolAnnotations {
  return { readOnlyHint: !tool.sideEffect, destructiveHint: tool.sideEffect, openWorldHint: tool.origin !== "code" };
}

/** The tool as an MCP `tools/list` entry. */
export function mcpToolSpec(tool: ToolShape): McpToolSpec {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: structuredClone(tool.parameters),
    annotations: annotationsFor(tool),
  };
}

/** What MCP clients will see beyond the tool as written. */
export function mcpFindings(tool: ToolShape): CompatibilityFinding[] {
  const findings: CompatibilityFinding[] = [];
  if (!MCP_NAME.test(tool.name)) {
    findings.push({ provider: "mcp", severity: "note", path: "name", message: "MCP recommends names of 1–128 letters, digits, _ - or ." });
  }
  const { readOnlyHint, openWorldHint } = annotationsFor(tool);
  const effect = readOnlyHint
    ? "read-only (no side effects)"
    : "possibly destructive (it has side effects), so clients may ask before calling it";
  findings.push({
    provider: "mcp",
    severity: "note",
    path: "sideEffect",
    message: `Announced as ${effect}, and as ${openWorldHint ? "reaching outside systems" : "working locally"}.`,
  });
  return findings;
}
