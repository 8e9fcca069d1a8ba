import { describe, expect, it } from "vitest";
import type { SecretEntry } from "@/components/tool-form/secret-field";
import { draftFromCredential, hostRow, type CredentialDraft } from "./credential-draft";
import { secretLostBySave, type StoredCredentialFields } from "./secret-loss";

const KEEP: SecretEntry = { kind: "keep" };
const stored: StoredCredentialFields = {
  name: "vendor",
  description: "Production key",
  kind: "header",
  hosts: ["api.example.com"],
  config: { header_name: "X-Api-Key" },
  mask: "••••8f40",
};
const oauth2: StoredCredentialFields = {
  name: "vendor_oauth",
  description: "",
  kind: "oauth2_client_credentials",
  hosts: ["api.example.com"],
  config: { token_url: "https://auth.example.com/token", client_id: "quiver", scopes: [], audience: null, client_auth: "basic" },
  mask: "••••2c3d",
};

const edited = (from: StoredCredentialFields, patch: Partial<CredentialDraft>): CredentialDraft => ({ ...draftFromCredential(from), ...patch });
const hosts = (...values: string[]) => values.map((value) => hostRow(value));

describe("secretLostBySave", () => {
  it("warns when the hosts widen to a wildcard, naming the change", () => {
    expect(secretLostBySave(stored, edited(stored, { hosts: hosts("*.example.com") }), KEEP)).toEqual([
      { kind: "host", host: "*.example.com", replaces: ["api.example.com"] },
    ]);
  });

  it("judges hosts as the server stores them: another spelling of the same host widens nothing", () => {
    expect(secretLostBySave(stored, edited(stored, { hosts: hosts(" API.Example.com. ", "") }), KEEP)).toEqual([]);
  });

  it("warns when the kind changes, and when an OAuth2 token URL moves to another origin", () => {
    expect(secretLostBySave(stored, edited(stored, { kind: "query" }), KEEP)).toEqual([{ kind: "kind", from: "header", to: "query" }]);
    expect(secretLostBySave(oauth2, edited(oauth2, { tokenUrl: "https://tokens.example.org/token" }), KEEP)).toEqual([
      { kind: "token_url", from: "https://auth.example.com", to: "https://tokens.example.org" },
    ]);
    expect(secretLostBySave(oauth2, edited(oauth2, { tokenUrl: "https://auth.example.com/v2/token" }), KEEP)).toEqual([]);
  });

  it.each<[string, StoredCredentialFields | null, Partial<CredentialDraft>, SecretEntry]>([
    ["a description-only edit", stored, { description: "Rotated in March" }, KEEP],
    ["narrower hosts", { ...stored, hosts: ["api.example.com", "eu.example.com"] }, { hosts: hosts("eu.example.com") }, KEEP],
    ["the same hosts reordered", { ...stored, hosts: ["api.example.com", "*.eu.example.com"] }, { hosts: hosts("*.eu.example.com", "api.example.com") }, KEEP],
    ["a widening save with a new secret typed", stored, { hosts: hosts("*.example.com") }, { kind: "replace", value: "vk-new-value" }],
    ["a widening save that clears the secret", stored, { hosts: hosts("*.example.com") }, { kind: "clear" }],
    ["a widening save with nothing stored", { ...stored, mask: null }, { hosts: hosts("*.example.com") }, KEEP],
    ["a new credential", null, { hosts: hosts("*.example.com") }, KEEP],
    ["a host the server will refuse", stored, { hosts: hosts("*.example.com", "https://x") }, KEEP],
    ["no host at all", stored, { kind: "query", hosts: hosts("") }, KEEP],
    ["a token URL the server will refuse", oauth2, { tokenUrl: "http://auth.example.org/token" }, KEEP],
  ])("says nothing for %s", (_, from, patch, secret) => {
    expect(secretLostBySave(from, edited(from ?? stored, patch), secret)).toEqual([]);
  });
});
