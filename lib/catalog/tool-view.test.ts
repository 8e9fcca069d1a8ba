import { describe, expect, it } from "vitest";
import type { Credential } from "../credentials";
import { parseToolDefinition, toPersistedForm, withoutSecretValues } from "../tools";
import { credentialView, headerViews, queryViews } from "./tool-view";

const definition = toPersistedForm(
  withoutSecretValues(
    parseToolDefinition({
      name: "lookup",
      description: "Look something up.",
      request: { method: "GET", url: "https://api.example.com/x", headers: { Accept: "application/json", authorization: "Bearer s3cr3t-value-123", "X-Pin": "1234" } },
      secret_headers: ["Authorization", "x-pin"],
    }),
  ),
);

describe("headerViews", () => {
  it("shows plain headers as written and secret ones as their mask, matched case-insensitively", () => {
    expect(headerViews({ definition, secrets: [{ header: "authorization", mask: "••••-123" }] })).toEqual([
      { name: "Accept", value: "application/json", secret: false },
      { name: "authorization", value: "••••-123", secret: true },
      { name: "X-Pin", value: null, secret: true },
    ]);
  });
});

describe("queryViews", () => {
  const keyed = toPersistedForm(
    withoutSecretValues(
      parseToolDefinition({
        name: "geocode",
        description: "Geocode an address.",
        request: { method: "GET", url: "https://maps.example.com/geocode", query: { q: "{{ctx.tenant}}", key: "AIza-live-0123456789", Key: "public" } },
        secret_query: ["key"],
      }),
    ),
  );

  it("shows plain entries as written and secret ones as their mask, matched exactly (query keys are case-sensitive)", () => {
    const secrets = [{ header: "?key", mask: "••••6789" }, { header: "authorization", mask: "••••-123" }];
    expect(queryViews({ definition: keyed, secrets })).toEqual([
      { name: "q", value: "{{ctx.tenant}}", secret: false },
      { name: "key", value: "••••6789", secret: true },
      { name: "Key", value: "public", secret: false },
    ]);
    expect(queryViews({ definition: keyed, secrets: [{ header: "?Key", mask: "••••0000" }] })[1]).toEqual({ name: "key", value: null, secret: true });
  });
});

const usingVendor = {
  definition: toPersistedForm(
    parseToolDefinition({ name: "vendor_lookup", description: "Look up at the vendor.", request: { method: "GET", url: "https://api.example.com/x" }, auth: { credential: "vendor" } }),
  ),
};
const base = { name: "vendor", description: "", hosts: ["api.example.com"] };

describe("credentialView", () => {
  it.each<[string, Credential, string]>([
    ["a header credential", { ...base, kind: "header", headerName: "X-Api-Key" }, "Sent as the X-Api-Key header"],
    ["a query credential", { ...base, kind: "query", parameterName: "api_key" }, "Sent as query parameter api_key"],
    ["Basic auth", { ...base, kind: "basic", username: "ops" }, "Sent as the Authorization header (Basic: the user name and password)"],
    [
      "OAuth2 client credentials",
      { ...base, kind: "oauth2_client_credentials", tokenUrl: "https://auth.example.com/token", clientId: "quiver", scopes: [], audience: null, clientAuthentication: "basic" },
      "Sent as the Authorization header (Bearer: an access token Quiver fetches from the token URL)",
    ],
  ])("says where %s goes, and nothing else of it", (_, credential, placement) => {
    expect(credentialView(usingVendor, credential)).toEqual({ name: "vendor", missing: false, kind: credential.kind, placement });
  });

  it("says a credential is missing when none is stored under the name the tool gives", () => {
    expect(credentialView(usingVendor, null)).toEqual({ name: "vendor", missing: true });
    expect(credentialView(usingVendor, { ...base, name: "other", kind: "query", parameterName: "key" })).toEqual({ name: "vendor", missing: true });
  });

  it("is null for a tool that names no credential", () => {
    expect(credentialView({ definition }, null)).toBeNull();
  });
});
