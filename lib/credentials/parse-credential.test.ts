import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../errors";
import { parseCredentialInput } from "./parse-credential";

const header = { name: "acme_key", kind: "header", hosts: ["api.acme.test"], header_name: "X-Api-Key", value: "k-123" };
const query = { name: "maps", kind: "query", hosts: ["*.maps.test"], parameter_name: "api_key", value: "q-456" };
const basic = { name: "legacy", kind: "basic", hosts: ["legacy.test"], username: "svc", password: "p@ss word" };
const oauth2 = {
  name: "vendor",
  description: "Vendor API\nclient credentials",
  kind: "oauth2_client_credentials",
  hosts: ["api.vendor.test", "*.vendor.test"],
  token_url: "https://auth.vendor.test/oauth/token",
  client_id: "quiver",
  client_secret: "s3cret",
  scopes: ["read:items", "write"],
  audience: "https://api.vendor.test",
};

function problemsOf(input: unknown): { path: string; message: string }[] {
  try {
    parseCredentialInput(input);
  } catch (error) {
    if (error instanceof ValidationError) return [...error.issues];
    throw error;
  }
  throw new Error("expected a ValidationError");
}

describe("parseCredentialInput: valid credentials of each kind", () => {
  it("reads a header credential", () => {
    expect(parseCredentialInput(header)).toEqual({
      credential: { name: "acme_key", description: "", kind: "header", hosts: ["api.acme.test"], headerName: "X-Api-Key" },
      secret: "k-123",
    });
  });

  it("reads a query credential, normalising its hosts", () => {
    expect(parseCredentialInput({ ...query, hosts: ["*.MAPS.test."] })).toEqual({
      credential: { name: "maps", description: "", kind: "query", hosts: ["*.maps.test"], parameterName: "api_key" },
      secret: "q-456",
    });
  });

  it("reads a basic credential", () => {
    expect(parseCredentialInput(basic).credential).toMatchObject({ kind: "basic", username: "svc" });
    expect(parseCredentialInput(basic).secret).toBe("p@ss word");
  });

  it("reads an OAuth2 client-credentials credential, client auth Basic by default", () => {
    expect(parseCredentialInput(oauth2)).toEqual({
      credential: {
        name: "vendor",
        description: "Vendor API\nclient credentials",
        kind: "oauth2_client_credentials",
        hosts: ["api.vendor.test", "*.vendor.test"],
        tokenUrl: "https://auth.vendor.test/oauth/token",
        clientId: "quiver",
        scopes: ["read:items", "write"],
        audience: "https://api.vendor.test",
        clientAuthentication: "basic",
      },
      secret: "s3cret",
    });
    const minimal = parseCredentialInput({ ...oauth2, scopes: undefined, audience: "", client_auth: "body" }).credential;
    expect(minimal).toMatchObject({ scopes: [], audience: null, clientAuthentication: "body" });
  });

  it.each([
    ["absent", undefined, undefined],
    ["empty (keep the stored value)", "", ""],
    ["a mask (keep the stored value)", "••••2345", "••••2345"],
  ])("passes the secret through when %s, for reconciliation", (_, value, secret) => {
    expect(parseCredentialInput({ ...header, value }).secret).toBe(secret);
  });

  it("accepts http:// for a token URL on a loopback host only", () => {
    for (const url of ["http://127.0.0.1:8080/token", "http://localhost/token", "http://[::1]:9/token"]) {
      expect(parseCredentialInput({ ...oauth2, token_url: url }).credential).toMatchObject({ tokenUrl: url });
    }
  });
});

describe("parseCredentialInput: every problem, with its path", () => {
  it.each<[string, unknown, string, RegExp]>([
    ["a non-object", [], "", /JSON object/],
    ["an unknown kind", { ...header, kind: "cookie" }, "kind", /one of header, query, basic/],
    ["a missing name", { ...header, name: undefined }, "name", /is required/],
    ["a name against the tool-name rule", { ...header, name: "Acme-Key" }, "name", /not a valid name/],
    ["a name too long", { ...header, name: "a".repeat(65) }, "name", /longer than 64/],
    ["no hosts", { ...header, hosts: [] }, "hosts", /at least one host/],
    ["hosts not a list", { ...header, hosts: "api.acme.test" }, "hosts", /at least one host/],
    ["a bare * host", { ...header, hosts: ["api.acme.test", "*"] }, "hosts.1", /\* alone/],
    ["a host with a scheme", { ...header, hosts: ["https://api.acme.test"] }, "hosts.0", /scheme/],
    ["a host with a port", { ...header, hosts: ["api.acme.test:8443"] }, "hosts.0", /port/],
    ["a host with a path", { ...header, hosts: ["api.acme.test/v1"] }, "hosts.0", /path/],
    ["a host listed twice", { ...header, hosts: ["api.acme.test", "API.acme.test"] }, "hosts.1", /listed twice/],
    ["a host that is not a string", { ...header, hosts: [42] }, "hosts.0", /host name/],
    ["a field of another kind", { ...header, password: "x" }, "password", /not a field of a header credential/],
    ["a header name that is not a token", { ...header, header_name: "X Api Key" }, "header_name", /not a valid header name/],
    ["a header name __proto__", { ...header, header_name: "__proto__" }, "header_name", /cannot be used/],
    ["a header name constructor", { ...header, header_name: "Constructor" }, "header_name", /cannot be used/],
    ["a framing header", { ...header, header_name: "Content-Length" }, "header_name", /frames the request/],
    ["a missing header name", { ...header, header_name: "" }, "header_name", /is required/],
    ["a header value with a line break", { ...header, value: "k\r\nX-Evil: 1" }, "value", /cannot carry/],
    ["a header value outside Latin-1", { ...header, value: "kéy→" }, "value", /cannot carry/],
    ["a secret with a lone surrogate", { ...query, value: "a\ud800b" }, "value", /unpaired surrogate/],
    ["a secret too long", { ...query, value: "x".repeat(8193) }, "value", /longer than 8192/],
    ["a secret that is not a string", { ...query, value: 7 }, "value", /must be a string/],
    ["a missing parameter name", { ...query, parameter_name: undefined }, "parameter_name", /is required/],
    ["a user name with a colon", { ...basic, username: "a:b" }, "username", /colon/],
    ["a password with a control character", { ...basic, password: "a\u0007b" }, "password", /control character/],
    ["a token URL that is not absolute", { ...oauth2, token_url: "/oauth/token" }, "token_url", /absolute URL/],
    ["an http token URL off loopback", { ...oauth2, token_url: "http://auth.vendor.test/token" }, "token_url", /https/],
    ["a token URL with user info", { ...oauth2, token_url: "https://id:secret@auth.vendor.test/token" }, "token_url", /user name or password/],
    ["a token URL with a fragment", { ...oauth2, token_url: "https://auth.vendor.test/token#x" }, "token_url", /fragment/],
    ["a missing client id", { ...oauth2, client_id: undefined }, "client_id", /is required/],
    ["a client id that is not a string", { ...oauth2, client_id: 12 }, "client_id", /must be a string/],
    ["scopes not a list", { ...oauth2, scopes: "read write" }, "scopes", /list of scopes/],
    ["a scope with a space", { ...oauth2, scopes: ["read", "a b"] }, "scopes.1", /one scope/],
    ["a scope listed twice", { ...oauth2, scopes: ["read", "read"] }, "scopes.1", /listed twice/],
    ["an unknown client auth", { ...oauth2, client_auth: "jwt" }, "client_auth", /"basic".*"body"/],
    ["a description with a control character", { ...header, description: "a\u0000" }, "description", /control character/],
  ])("refuses %s", (_, input, path, message) => {
    const problems = problemsOf(input);
    expect(problems).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it("reports every problem at once, not the first only", () => {
    const problems = problemsOf({ kind: "oauth2_client_credentials", name: "Bad", hosts: ["*", "x.test:1"], token_url: "ftp://x", scopes: ["a b"] });
    expect(problems.map((problem) => problem.path)).toEqual(["name", "hosts.0", "hosts.1", "token_url", "client_id", "scopes.0"]);
  });

  it("never echoes a refused secret in its messages", () => {
    const secret = "k\nvery-secret-value";
    const problems = problemsOf({ ...header, value: secret });
    expect(JSON.stringify(problems)).not.toContain("very-secret-value");
  });
});

describe("parseCredentialInput on arbitrary input (property)", () => {
  it("returns a credential or throws a ValidationError with paths, never anything else", () => {
    const field = fc.constantFrom("name", "kind", "hosts", "header_name", "value", "token_url", "scopes", "client_auth", "__proto__", "username");
    const kinds = fc.constantFrom("header", "query", "basic", "oauth2_client_credentials", "other");
    fc.assert(
      fc.property(fc.dictionary(field, fc.jsonValue()), kinds, (extra, kind) => {
        try {
          const { credential } = parseCredentialInput({ ...header, ...extra, kind });
          expect(credential.hosts.length).toBeGreaterThan(0);
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError);
          expect((error as ValidationError).issues.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});
