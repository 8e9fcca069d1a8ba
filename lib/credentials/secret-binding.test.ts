import { describe, expect, it } from "vitest";
import { credentialSecretAssociatedData, storedSecretProblem } from "./secret-binding";
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

describe("storedSecretProblem", () => {
  it.each<[string, Credential]>([
    ["nothing changed", header],
    ["a rename and a new header name", { ...header, name: "acme_v2", headerName: "Authorization" }],
    ["fewer hosts", { ...header, hosts: ["api.acme.test"] }],
    ["an exact host under a listed wildcard", { ...header, hosts: ["api.acme.test", "fr.eu.acme.test"] }],
    ["a narrower wildcard under a listed one", { ...header, hosts: ["*.fr.eu.acme.test"] }],
  ])("keeps the secret when %s", (_, after) => {
    expect(storedSecretProblem(header, after)).toBeNull();
  });

  it.each<[string, Credential, RegExp]>([
    ["a new host", { ...header, hosts: [...header.hosts, "collector.evil.test"] }, /now admits collector\.evil\.test/],
    ["the wildcard's apex", { ...header, hosts: ["eu.acme.test"] }, /now admits eu\.acme\.test/],
    ["a wider wildcard", { ...header, hosts: ["*.acme.test"] }, /now admits \*\.acme\.test/],
    ["a wildcard over a listed exact host", { ...header, hosts: ["*.api.acme.test"] }, /now admits \*\.api\.acme\.test/],
    ["another kind", { ...header, kind: "query", parameterName: "key" }, /kind changed from header to query/],
  ])("refuses to keep it for %s", (_, after, problem) => {
    expect(storedSecretProblem(header, after)).toMatch(problem);
  });

  it("refuses to keep an OAuth2 client secret when the token URL moves to another origin, not another path", () => {
    expect(storedSecretProblem(oauth2, { ...oauth2, tokenUrl: "https://auth.vendor.test/v2/token" })).toBeNull();
    expect(storedSecretProblem(oauth2, { ...oauth2, tokenUrl: "https://collector.evil.test/token" })).toMatch(/token URL moved/);
    expect(storedSecretProblem(oauth2, { ...oauth2, tokenUrl: "https://auth.vendor.test:8443/oauth/token" })).toMatch(/token URL moved/);
  });
});

describe("credentialSecretAssociatedData", () => {
  it("names the credential and its secret part, so a ciphertext cannot move to another", () => {
    expect(credentialSecretAssociatedData("c1", header)).toBe('credential-secret:["c1","value"]');
    expect(credentialSecretAssociatedData("c1", oauth2)).toBe('credential-secret:["c1","client_secret"]');
    expect(credentialSecretAssociatedData("c2", header)).not.toBe(credentialSecretAssociatedData("c1", header));
  });
});
