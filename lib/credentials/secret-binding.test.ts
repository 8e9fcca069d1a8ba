import { describe, expect, it } from "vitest";
import { credentialSecretAssociatedData, describeWidening, secretWidenings, storedSecretProblem, type SecretWidening } from "./secret-binding";
import type { Credential } from "./types";

const header: Credential = { name: "acme", description: "", kind: "header", hosts: ["api.acme.test", "*.eu.acme.test"], headerName: "X-Api-Key" };
const oauth2: Credential = {
  name: "vendor",
  description: "",
  kind: "oauth2_client_credentials",
  hosts: ["api.vendor.test"],
  tokenUrl: "https://auth.vendor.test/oauth/token",
  clientId: "quiver",
  scopes: [],
  audience: null,
  clientAuthentication: "basic",
};

describe("secretWidenings: the one rule the save and the editor's warning share", () => {
  it.each<[string, Credential]>([
    ["nothing changed", header],
    ["only the description changed", { ...header, description: "The ACME production key, rotated quarterly." }],
    ["the hosts are reordered", { ...header, hosts: ["*.eu.acme.test", "api.acme.test"] }],
    ["a rename and a new header name", { ...header, name: "acme_v2", headerName: "Authorization" }],
    ["fewer hosts", { ...header, hosts: ["api.acme.test"] }],
    ["an exact host under a listed wildcard", { ...header, hosts: ["api.acme.test", "fr.eu.acme.test"] }],
    ["a narrower wildcard under a listed one", { ...header, hosts: ["*.fr.eu.acme.test"] }],
  ])("keeps the secret when %s", (_, after) => {
    expect(secretWidenings(header, after)).toEqual([]);
    expect(storedSecretProblem(header, after)).toBeNull();
  });

  it.each<[string, Credential, SecretWidening[], string]>([
    [
      "a new host",
      { ...header, hosts: [...header.hosts, "collector.evil.test"] },
      [{ kind: "host", host: "collector.evil.test", replaces: [] }],
      "new host collector.evil.test",
    ],
    ["the wildcard's apex", { ...header, hosts: ["eu.acme.test"] }, [{ kind: "host", host: "eu.acme.test", replaces: [] }], "new host eu.acme.test"],
    [
      "a wider wildcard replacing the hosts it covers",
      { ...header, hosts: ["*.acme.test"] },
      [{ kind: "host", host: "*.acme.test", replaces: ["api.acme.test", "*.eu.acme.test"] }],
      "api.acme.test, *.eu.acme.test → *.acme.test adds every subdomain of acme.test",
    ],
    [
      "a wider wildcard beside the hosts it covers",
      { ...header, hosts: [...header.hosts, "*.acme.test"] },
      [{ kind: "host", host: "*.acme.test", replaces: [] }],
      "new wildcard *.acme.test adds every subdomain of acme.test",
    ],
    [
      "a wildcard over a listed exact host",
      { ...header, hosts: ["*.api.acme.test"] },
      [{ kind: "host", host: "*.api.acme.test", replaces: [] }],
      "new wildcard *.api.acme.test adds every subdomain of api.acme.test",
    ],
    ["another kind", { ...header, kind: "query", parameterName: "key" }, [{ kind: "kind", from: "header", to: "query" }], "kind changed: header → query"],
  ])("drops the secret for %s, and says what widened", (_, after, widenings, described) => {
    expect(secretWidenings(header, after)).toEqual(widenings);
    expect(widenings.map(describeWidening)).toEqual([described]);
    expect(storedSecretProblem(header, after)).toBe(`The stored secret cannot follow this change (${described}): enter it again.`);
  });

  it("names every widening of one save, kind first, then the hosts as listed", () => {
    const after: Credential = { ...header, kind: "basic", username: "bot", hosts: ["b.evil.test", "api.acme.test", "a.evil.test"] };
    expect(secretWidenings(header, after).map(describeWidening)).toEqual(["kind changed: header → basic", "new host b.evil.test", "new host a.evil.test"]);
  });

  it("reads the example the editor shows: api.example.com → *.example.com", () => {
    const before = { kind: "header" as const, hosts: ["api.example.com"] };
    const [widening] = secretWidenings(before, { ...before, hosts: ["*.example.com"] });
    expect(describeWidening(widening!)).toBe("api.example.com → *.example.com adds every subdomain of example.com");
  });

  it("drops an OAuth2 client secret when the token URL moves to another origin, not another path", () => {
    expect(secretWidenings(oauth2, { ...oauth2, tokenUrl: "https://auth.vendor.test/v2/token" })).toEqual([]);
    expect(secretWidenings(oauth2, { ...oauth2, tokenUrl: "https://collector.evil.test/token" })).toEqual([
      { kind: "token_url", from: "https://auth.vendor.test", to: "https://collector.evil.test" },
    ]);
    expect(storedSecretProblem(oauth2, { ...oauth2, tokenUrl: "https://auth.vendor.test:8443/oauth/token" })).toMatch(
      /token URL moved to another origin: https:\/\/auth\.vendor\.test → https:\/\/auth\.vendor\.test:8443/,
    );
  });
});

describe("credentialSecretAssociatedData", () => {
  it("names the credential and its secret part, so a ciphertext cannot move to another", () => {
    expect(credentialSecretAssociatedData("c1", header)).toBe('credential-secret:["c1","value"]');
    expect(credentialSecretAssociatedData("c1", oauth2)).toBe('credential-secret:["c1","client_secret"]');
    expect(credentialSecretAssociatedData("c2", header)).not.toBe(credentialSecretAssociatedData("c1", header));
  });
});
