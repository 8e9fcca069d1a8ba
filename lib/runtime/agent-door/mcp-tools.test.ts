/**
 * MCP `tools/list` entries: inputSchema is the tool's parameters, readOnlyHint is the opposite of
 * the side-effect flag, destructiveHint follows the HTTP method (one row per method), titles are
 * derived from names.
 */
import { describe, expect, it } from "vitest";
import { text, type Tool } from "../../tools";
import { isDestructive, mcpToolList, toolTitle } from "./mcp-tools";

function tool(name: string, sideEffect: boolean, origin: Tool["origin"] = "data"): Tool {
  return {
    name,
    description: `The ${name} tool.`,
    parameters: { type: "object", properties: { id: { type: "string", description: "Which one." } }, required: ["id"] },
    sideEffect,
    origin,
    call: async () => text("done"),
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
    ["post", true, true],
    [null, true, true],
    [null, false, false],
  ] as const)("method %s with sideEffect %s → %s", (method, sideEffect, expected) => {
    expect(isDestructive({ sideEffect }, method)).toBe(expected);
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
  const methods: Record<string, string> = { lookup: "GET", refund: "POST", wipe: "DELETE" };
  const list = mcpToolList(
    [tool("lookup", false), tool("refund", true), tool("wipe", true), tool("format_number", false, "code"), tool("notify", true, "code")],
    (name) => methods[name] ?? null,
  );

  it("keeps the order, names, descriptions and parameters as inputSchema", () => {
    expect(list.map((entry) => entry.name)).toEqual(["lookup", "refund", "wipe", "format_number", "notify"]);
    expect(list[0]).toMatchObject({
      title: "Lookup",
      description: "The lookup tool.",
      inputSchema: { type: "object", properties: { id: { type: "string", description: "Which one." } }, required: ["id"] },
    });
  });

  it("annotates side effects, destructiveness, reach and the title", () => {
    expect(list.map((entry) => entry.annotations)).toEqual([
      { title: "Lookup", readOnlyHint: true, destructiveHint: false, openWorldHint: true },
      { title: "Refund", readOnlyHint: false, destructiveHint: true, openWorldHint: true },
      { title: "Wipe", readOnlyHint: false, destructiveHint: true, openWorldHint: true },
      { title: "Format number", readOnlyHint: true, destructiveHint: false, openWorldHint: false },
      { title: "Notify", readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    ]);
  });

  it("asks no method of a code tool", () => {
    const asked: string[] = [];
    mcpToolList([tool("format_number", true, "code")], (name) => {
      asked.push(name);
      return "GET";
    });
    expect(asked).toEqual([]);
  });

  it("gives each entry its own copy of the schema", () => {
    const source = tool("lookup", false);
    const [entry] = mcpToolList([source], () => "GET");
    expect(entry?.inputSchema).not.toBe(source.parameters);
  });
});
