import { describe, expect, it } from "vitest";
import { toolCredentialIssues, type CredentialUser } from "./tool-binding";
import type { Credential } from "./types";

const hosts = ["api.acme.test", "*.eu.acme.test", "127.0.0.1"];
const header: Credential = { name: "acme", description: "", kind: "header", hosts, headerName: "X-Api-Key" };
const query: Credential = { name: "acme_q", description: "", kind: "query", hosts, parameterName: "api_key" };
const basic: Credential = { name: "acme_b", description: "", kind: "basic", hosts, username: "svc" };

function tool(url: string, headers: Record<string, string> = {}, queryParameters: Record<string, string> = {}): CredentialUser {
  return { request: { url, headers, query: queryParameters } };
}

describe("toolCredentialIssues", () => {
  it.each<[string, Credential, CredentialUser]>([
    ["an admitted host", header, tool("https://api.acme.test/orders/{{id}}", { Accept: "application/json" })],
    ["a host under the wildcard", query, tool("https://fr.eu.acme.test/v1?q={{q}}", {}, { q: "{{q}}" })],
    ["an admitted host spelled differently", basic, tool("HTTPS://API.ACME.TEST:443/x")],
    ["plain http to loopback", header, tool("http://127.0.0.1:8080/x")],
  ])("admits %s", (_, credential, user) => {
    expect(toolCredentialIssues(credential, user)).toEqual([]);
  });

  it.each<[string, Credential, CredentialUser, { path: string; message: RegExp }]>([
    ["another host", header, tool("https://api.evil.test/x"), { path: "auth.credential", message: /may not be sent to api\.evil\.test/ }],
    ["the wildcard's apex", header, tool("https://eu.acme.test/x"), { path: "auth.credential", message: /may not be sent to eu\.acme\.test/ }],
    ["plain http off loopback", header, tool("http://api.acme.test/x"), { path: "auth.credential", message: /only over https/ }],
    ["a header of the same name, any case", header, tool("https://api.acme.test/x", { "x-api-key": "{{ctx.key}}" }), { path: "request.headers.x-api-key", message: /set by credential "acme"/ }],
    ["an Authorization header with basic", basic, tool("https://api.acme.test/x", { Authorization: "Bearer x" }), { path: "request.headers.Authorization", message: /set by credential "acme_b"/ }],
    ["a query parameter of the same name", query, tool("https://api.acme.test/x", {}, { api_key: "{{k}}" }), { path: "request.query.api_key", message: /set by credential "acme_q"/ }],
    ["the parameter written in the URL", query, tool("https://api.acme.test/x?a=1&api%5Fkey=old"), { path: "request.url", message: /sets api_key/ }],
  ])("refuses %s", (_, credential, user, issue) => {
    expect(toolCredentialIssues(credential, user)).toContainEqual({ path: issue.path, message: expect.stringMatching(issue.message) });
  });

  it("leaves an unreadable URL to the definition validator", () => {
    expect(toolCredentialIssues(header, tool("not a url"))).toEqual([]);
  });
});
