import { describe, expect, it } from "vitest";
import { connectSnippets, KEY_PLACEHOLDER, mcpEndpoint } from "./connect-snippets";

const target = { origin: "https://quiver.example.com/", personaSlug: "support" };

describe("connect snippets", () => {
  it("point every client at the persona's MCP endpoint under one server name", () => {
    expect(mcpEndpoint(target)).toEqual({ url: "https://quiver.example.com/api/v1/personas/support/mcp", serverName: "quiver-support" });
    const snippets = connectSnippets(target);
    expect(snippets.map((snippet) => snippet.id)).toEqual(["claude-code", "cursor", "vscode", "openai", "curl"]);
    for (const snippet of snippets.slice(0, 4)) expect(snippet.code).toContain("https://quiver.example.com/api/v1/personas/support/mcp");
  });

  it("write each client's own shape", () => {
    const [claude, cursor, vscode, openai, curl] = connectSnippets({ ...target, key: "qv_abc" });
    expect(claude?.code).toBe('claude mcp add --transport http quiver-support https://quiver.example.com/api/v1/personas/support/mcp \\\n  --header "Authorization: Bearer qv_abc"');
    expect(JSON.parse(cursor!.code)).toEqual({ mcpServers: { "quiver-support": { url: "https://quiver.example.com/api/v1/personas/support/mcp", headers: { Authorization: "Bearer qv_abc" } } } });
    expect(JSON.parse(vscode!.code)).toEqual({
      servers: { "quiver-support": { type: "http", url: "https://quiver.example.com/api/v1/personas/support/mcp", headers: { Authorization: "Bearer qv_abc" } } },
    });
    expect(openai?.code).toContain('type: "mcp"');
    expect(openai?.code).toContain('server_url: "https://quiver.example.com/api/v1/personas/support/mcp"');
    expect(openai?.code).toContain('headers: { Authorization: "Bearer qv_abc" }');
    expect(curl?.code).toContain("curl https://quiver.example.com/api/v1/personas/support/tools?format=openai");
    expect(curl?.code).toContain("/api/v1/personas/support/tools/TOOL_NAME/call");
  });

  it("fill in the key just created, or a placeholder with the hint to replace it", () => {
    for (const snippet of connectSnippets({ ...target, key: "qv_abc" })) {
      expect(snippet.code).toContain("Bearer qv_abc");
      expect(snippet.hint).not.toContain(KEY_PLACEHOLDER);
    }
    for (const snippet of connectSnippets(target)) {
      expect(snippet.code).toContain(`Bearer ${KEY_PLACEHOLDER}`);
      expect(snippet.hint).toContain(`Replace ${KEY_PLACEHOLDER}`);
    }
  });

  it("name a real tool in the curl call when one is given, and encode names for the URL", () => {
    const curl = connectSnippets({ ...target, personaSlug: "support-tier1", exampleTool: "lookup_order" }).at(-1)!;
    expect(curl.code).toContain("/api/v1/personas/support-tier1/tools/lookup_order/call");
  });
});
