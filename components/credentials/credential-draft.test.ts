import { describe, expect, it } from "vitest";
import { parseCredentialInput } from "@/lib/credentials";
import { credentialInput, draftChanged, draftFromCredential, emptyCredentialDraft, fieldPath, hostRow, type CredentialDraft } from "./credential-draft";

const KEEP = { kind: "keep" } as const;

function draft(patch: Partial<CredentialDraft>): CredentialDraft {
  return { ...emptyCredentialDraft(), name: "vendor", hosts: [hostRow("api.example.com")], ...patch };
}

describe("credentialInput", () => {
  it.each([
    ["header", { header_name: "X-Api-Key" }, { headerName: "X-Api-Key" }],
    ["query", { parameter_name: "key" }, { parameterName: "key" }],
    ["basic", { username: "bot" }, { username: "bot" }],
  ] as const)("sends only the %s kind's own fields, which the server's parser accepts", (kind, fields, patch) => {
    const { input } = credentialInput(draft({ kind, ...patch, tokenUrl: "https://typed.example/then/abandoned" }), KEEP);
    expect(input).toEqual({ name: "vendor", description: "", kind, hosts: ["api.example.com"], ...fields });
    expect(() => parseCredentialInput(input)).not.toThrow();
  });

  it("sends OAuth2 scopes as a list and a blank audience as null", () => {
    const { input } = credentialInput(
      draft({ kind: "oauth2_client_credentials", tokenUrl: " https://auth.example.com/token ", clientId: "quiver", scopes: "read:items, write  admin", audience: " ", clientAuth: "body" }),
      KEEP,
    );
    expect(input).toMatchObject({ token_url: "https://auth.example.com/token", client_id: "quiver", scopes: ["read:items", "write", "admin"], audience: null, client_auth: "body" });
    expect(parseCredentialInput(input).credential).toMatchObject({ kind: "oauth2_client_credentials", scopes: ["read:items", "write", "admin"], clientAuthentication: "body" });
  });

  it("drops blank host rows but keeps a bad one as typed, so the server names it", () => {
    const { input } = credentialInput(draft({ hosts: [hostRow(" api.example.com "), hostRow(""), hostRow("https://x")] }), KEEP);
    expect(input.hosts).toEqual(["api.example.com", "https://x"]);
  });

  it.each([
    ["an untouched secret is left out (the stored value is kept)", KEEP, undefined, false],
    ["an emptied field keeps the stored value too", { kind: "replace", value: "" } as const, undefined, false],
    ["a typed value replaces it", { kind: "replace", value: "s3cret-value" } as const, "s3cret-value", false],
    ["Clear removes it explicitly", { kind: "clear" } as const, undefined, true],
  ])("%s", (_, entry, value, clear) => {
    const { input, clearSecret } = credentialInput(draft({ kind: "basic", username: "bot" }), entry);
    expect(input.password).toBe(value);
    expect(clearSecret).toBe(clear);
  });

  it("names the secret part after the kind", () => {
    const secret = { kind: "replace", value: "abc" } as const;
    expect(credentialInput(draft({ kind: "header" }), secret).input.value).toBe("abc");
    expect(credentialInput(draft({ kind: "oauth2_client_credentials" }), secret).input.client_secret).toBe("abc");
  });
});

describe("draftFromCredential", () => {
  it("round-trips a stored OAuth2 credential to the same input", () => {
    const stored = {
      name: "auth0",
      description: "M2M",
      kind: "oauth2_client_credentials" as const,
      hosts: ["api.example.com", "*.example.net"],
      config: { token_url: "https://auth.example.com/token", client_id: "quiver", scopes: ["read", "write"], audience: "https://api", client_auth: "basic" },
    };
    const { input } = credentialInput(draftFromCredential(stored), KEEP);
    expect(input).toEqual({ name: "auth0", description: "M2M", kind: "oauth2_client_credentials", hosts: stored.hosts, ...stored.config });
  });
});

describe("fieldPath", () => {
  it.each([
    ["hosts.2", "hosts.2"],
    ["hosts", "hosts"],
    ["scopes.1", "scopes"],
    ["value", "secret"],
    ["client_secret", "secret"],
    ["token_url", "token_url"],
    ["", ""],
    ["somewhere.else", ""],
  ])("%s → %s", (path, field) => expect(fieldPath(path)).toBe(field));
});

describe("draftChanged", () => {
  const opened = draftFromCredential({ name: "stripe", description: "", kind: "header", hosts: ["api.stripe.com"], config: { header_name: "Authorization" } });

  it("is false for the same typed values under new row keys (a form reopened)", () => {
    expect(draftChanged({ ...opened, hosts: opened.hosts.map((row) => hostRow(row.value)) }, opened)).toBe(false);
  });

  it.each<[string, Partial<CredentialDraft>]>([
    ["a field typed", { description: "Live key" }],
    ["another kind", { kind: "basic" }],
    ["a host edited", { hosts: [hostRow("api.stripe.test")] }],
    ["a host added", { hosts: [...opened.hosts, hostRow("")] }],
  ])("is true after %s", (_case, patch) => {
    expect(draftChanged({ ...opened, ...patch }, opened)).toBe(true);
  });
});
