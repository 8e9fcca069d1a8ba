import { describe, expect, it } from "vitest";
import { isOauthPath, mcpChallenge, personaOfResource } from "./oauth-urls";

const ORIGIN = "https://quiver.example.com";

describe("OAuth paths and resources", () => {
  it.each([
    ["/oauth/token", true],
    ["/oauth/authorize?client_id=a", true],
    ["/oauth", true],
    ["/oauth?prompt=consent", true],
    ["/oauth/token?x=1", true],
    ["/.well-known/openid-configuration?x=1", true],
    ["/.well-known/oauth-authorization-server", true],
    ["/.well-known/openid-configuration", true],
    ["/.well-known/oauth-protected-resource/api/v1/personas/support/mcp", true],
    ["/.well-known/oauth-protected-resource", true],
    // The consent page is the dashboard's (Next.js), not the authorization server's.
    ["/oauth-consent/abc", false],
    ["/oauthx", false],
    ["/.well-known/security.txt", false],
    ["/api/v1/personas/support/mcp", false],
    [undefined, false],
  ])("%s is an OAuth path: %s", (target, expected) => {
    expect(isOauthPath(target)).toBe(expected);
  });

  it.each([
    [`${ORIGIN}/api/v1/personas/support/mcp`, "support"],
    [`${ORIGIN}/api/v1/personas/support/mcp/`, null],
    [`${ORIGIN}/api/v1/personas/support/mcp?x=1`, null],
    [`${ORIGIN}/api/v1/personas/support/mcp#f`, null],
    [`${ORIGIN}/api/v1/personas/Support/mcp`, null],
    [`${ORIGIN}/api/v1/personas/support/tools`, null],
    [`${ORIGIN}:8443/api/v1/personas/support/mcp`, null],
    ["https://elsewhere.example/api/v1/personas/support/mcp", null],
    [`${ORIGIN}.evil.example/api/v1/personas/support/mcp`, null],
  ])("resource %s names persona %s", (resource, slug) => {
    expect(personaOfResource(ORIGIN, resource)).toBe(slug);
  });

  it("challenges with the persona's path-suffixed metadata URL, saying invalid_token only when a token was sent", () => {
    const metadata = `${ORIGIN}/.well-known/oauth-protected-resource/api/v1/personas/support/mcp`;
    expect(mcpChallenge(ORIGIN, "support")).toBe(`Bearer resource_metadata="${metadata}"`);
    expect(mcpChallenge(ORIGIN, "support", { tokenSent: true })).toBe(`Bearer resource_metadata="${metadata}", error="invalid_token"`);
  });
});
