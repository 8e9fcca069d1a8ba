/**
 * MCP `tools/list` entries: inputSchema is the tool's parameters, readOnlyHint is the opposite of
 * the side-effect flag, destructiveHint follows the HTTP method (one row per method), titles are
 * derived from names, and the compatibility note tells how a tool with side effects is announced.
 */
import { describe, expect, it } from "vitest";
import type { HttpMethod } from "../types";
import { isDestructive, mcpFindings, mcpToolSpec, toolTitle } from "./mcp";
import type { ToolShape } from "./types";

function tool(name: string, sideEffect: boolean, method?: HttpMethod): ToolShape {
  return {
    name,
    description: `The ${name} tool.`,
    parameters: { type: "object", properties: { id: { type: "string", description: "Which one." } }, required: ["id"] },
    sideEffect,
    origin: method === undefined ? "code" : "data",
    method,
  };
}

describe("destructive hint", () => {
  it.each([
    ["GET", true, false],
    ["HEAD", true, false],
    ["POST", true, true],
    ["PUT", true, true],
    ["PATCH", true, true],
    ["DELETE", true, true],
    ["DELETE", false, false],
    ["GET", false, false],
    [undefined, true, true],
    [undefined, false, false],
  ] as const)("method %s with sideEffect %s → %s", (method, sideEffect, expected) => {
    expect(isDestructive({ sideEffect, method })).toBe(expected);
  });
});

describe("titles", () => {
  it.each([
    ["get_order_status", "Get order status"],
    ["refund-order.v2", "Refund order v2"],
    ["x", "X"],
    ["__", "__"],
  ])("%s → %s", (name, title) => {
    expect(toolTitle(name)).toBe(title);
  });
});

describe("tools/list entries", () => {
  const list = [
    tool("lookup", false, "GET"),
    tool("refund", true, "POST"),
    tool("touch", true, "GET"),
    tool("wipe", true, "DELETE"),
    tool("format_number", false),
    tool("notify", true),
  ].map(mcpToolSpec);

  it("keeps the name, description and parameters as inputSchema, with a title", () => {
    expect(list[0]).toEqual({
      name: "lookup",
      title: "Lookup",
      description: "The lookup tool.",
      inputSchema: { type: "object", properties: { id: { type: "string", description: "Which one." } }, required: ["id"] },
      annotations: { title: "Lookup", readOnlyHint: true, destructiveHint: false, openWorldHint: true },
    });
  });

  it("annotates side effects, destructiveness by method, reach and the title", () => {
    expect(list.map((entry) => entry.annotations)).toEqual([
      { title: "Lookup", readOnlyHint: true, destructiveHint: false, openWorldHint: true },
      { title: "Refund", readOnlyHint: false, destructiveHint: true, openWorldHint: true },
      { title: "Touch", readOnlyHint: false, destructiveHint: false, openWorldHint: true },
      { title: "Wipe", readOnlyHint: false, destructiveHint: true, openWorldHint: true },
      { title: "Format number", readOnlyHint: true, destructiveHint: false, openWorldHint: false },
      { title: "Notify", readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    ]);
  });

  it("gives each entry its own copy of the schema", () => {
    const source = tool("lookup", false, "GET");
    expect(mcpToolSpec(source).inputSchema).not.toBe(source.parameters);
  });
});

describe("the side-effect note", () => {
  it.each([
    [tool("refund", true, "POST"), "MCP clients are told it may be destructive (a POST with side effects), so they may ask before calling it."],
    [tool("touch", true, "GET"), "MCP clients are told it has side effects but is not destructive (a GET overwrites and removes nothing)."],
    [tool("notify", true), "MCP clients are told it may be destructive (it has side effects), so they may ask before calling it."],
  ])("%o", (shape, message) => {
    expect(mcpFindings(shape)).toEqual([{ provider: "mcp", severity: "note", path: "sideEffect", message }]);
  });

  it.each([tool("lookup", false, "GET"), tool("convert", false)])("is left out for a tool without side effects: its read-only hint is what the operator set (%o)", (shape) => {
    expect(mcpFindings(shape)).toEqual([]);
  });
});

describe("output schema", () => {
  it("is listed when the tool's result shape is known, as a copy", () => {
    const outputSchema = { type: "object", properties: { state: { type: "string" } } } as const;
    const spec = mcpToolSpec({ ...tool("order", false, "GET"), outputSchema });
    expect(spec.outputSchema).toEqual(outputSchema);
    expect(spec.outputSchema).not.toBe(outputSchema);
  });

  it("is left out when the shape is not known", () => {
    expect(mcpToolSpec(tool("order", false, "GET"))).not.toHaveProperty("outputSchema");
  });
});
