import { describe, expect, it } from "vitest";
import { withDefaultScope } from "./default-scope";

const ORIGIN = "http://127.0.0.1:3000";
const mcp = (slug: string) => `${ORIGIN}/api/v1/personas/${slug}/mcp`;
const authorize = (params: Record<string, string | string[]>) => {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const item of [value].flat()) query.append(name, item);
  return `/oauth/authorize?${query}`;
};
const scopeOf = (target: string) => new URLSearchParams(target.split("?")[1]).get("scope");

describe("the default scope of an authorization request", () => {
  it.each([
    ["no scope, one persona's MCP URL: its scope", "GET", authorize({ client_id: "c", resource: mcp("support") }), "persona:support"],
    ["an empty scope: the same", "GET", authorize({ client_id: "c", scope: " ", resource: mcp("support") }), "persona:support"],
    ["two personas: both scopes, once each", "GET", authorize({ resource: [mcp("support"), mcp("sales"), mcp("support")] }), "persona:support persona:sales"],
    ["a scope of its own: left as asked", "GET", authorize({ scope: "offline_access", resource: mcp("support") }), "offline_access"],
    ["no resource: none (the operator picks a persona)", "GET", authorize({ client_id: "c" }), null],
    ["a resource naming no persona: none (invalid_target)", "GET", authorize({ resource: [mcp("support"), "https://elsewhere.example/mcp"] }), null],
    ["another origin's MCP URL: none", "GET", authorize({ resource: "http://elsewhere.example/api/v1/personas/support/mcp" }), null],
    ["a POST to the endpoint: untouched", "POST", authorize({ resource: mcp("support") }), null],
  ])("%s", (_case, method, target, scope) => {
    expect(scopeOf(withDefaultScope(method, target, ORIGIN))).toBe(scope);
  });

  it("leaves every other path and its other parameters as they came", () => {
    expect(withDefaultScope("GET", `/oauth/token?resource=${encodeURIComponent(mcp("support"))}`, ORIGIN)).toBe(`/oauth/token?resource=${encodeURIComponent(mcp("support"))}`);
    const target = authorize({ client_id: "c", state: "s 1", resource: mcp("support") });
    const query = new URLSearchParams(withDefaultScope("GET", target, ORIGIN).split("?")[1]);
    expect(Object.fromEntries(query)).toEqual({ client_id: "c", state: "s 1", resource: mcp("support"), scope: "persona:support" });
  });
});
