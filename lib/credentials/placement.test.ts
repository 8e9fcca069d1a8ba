import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRedactor } from "../secrets/redact";
import { CredentialRefusedError, placeCredential, previewPlacement } from "./placement";
import type { Credential } from "./types";

const base = { description: "", hosts: ["api.acme.test", "*.acme.test", "127.0.0.1"] };
const header: Credential = { ...base, name: "acme", kind: "header", headerName: "X-Api-Key" };
const query: Credential = { ...base, name: "acme_q", kind: "query", parameterName: "api_key" };
const basic: Credential = { ...base, name: "acme_b", kind: "basic", username: "svc" };
const oauth2: Credential = {
  ...base,
  name: "acme_o",
  kind: "oauth2_client_credentials",
  tokenUrl: "https://auth.acme.test/token",
  clientId: "quiver",
  scopes: [],
  audience: null,
  clientAuthentication: "basic",
};

function request(url: string, headers: Record<string, string> = {}) {
  return { method: "GET", url: new URL(url), headers, body: null };
}

describe("placeCredential", () => {
  it("puts a header credential in its header, replacing one of the same name in any case", () => {
    const placed = placeCredential(header, "k-1234567890", request("https://api.acme.test/v1", { "x-api-key": "old", Accept: "application/json" }));
    expect(placed.request.headers).toEqual({ Accept: "application/json", "X-Api-Key": "k-1234567890" });
    expect(placed.plaintexts).toEqual(["k-1234567890"]);
    expect(placed.secretHeaderNames).toEqual(["x-api-key"]);
    expect(placed.request.method).toBe("GET");
  });

  it("puts a query credential last in the query, replacing earlier ones and keeping the other pairs' bytes", () => {
    const placed = placeCredential(query, "q v&=/é", request("https://api.acme.test/v1?q=a+b&api_key=old&x=%2F&api%5Fkey=old2"));
    expect(placed.request.url.search).toBe("?q=a+b&x=%2F&api_key=q%20v%26%3D%2F%C3%A9");
    expect(placed.request.url.searchParams.get("api_key")).toBe("q v&=/é");
    expect(placed.secretHeaderNames).toEqual([]);
    expect(placed.request.headers).toEqual({});
  });

  it("puts a basic credential in Authorization and reports the pair and its encoding as plaintexts", () => {
    const placed = placeCredential(basic, "pässword", request("https://x.acme.test/"));
    const encoded = Buffer.from("svc:pässword", "utf8").toString("base64");
    expect(placed.request.headers).toEqual({ Authorization: `Basic ${encoded}` });
    expect(placed.plaintexts).toEqual(["pässword", "svc:pässword", encoded]);
    expect(placed.secretHeaderNames).toEqual(["authorization"]);
  });

  it("puts an OAuth2 access token in Authorization as a bearer token", () => {
    const placed = placeCredential(oauth2, "tok-abc", request("https://api.acme.test/", { authorization: "Bearer stale" }));
    expect(placed.request.headers).toEqual({ Authorization: "Bearer tok-abc" });
    expect(placed.plaintexts).toEqual(["tok-abc"]);
  });

  it("leaves the caller's request untouched", () => {
    const original = request("https://api.acme.test/v1?a=1", { Accept: "*/*" });
    placeCredential(query, "v", original);
    placeCredential(header, "v", original);
    expect(original.url.href).toBe("https://api.acme.test/v1?a=1");
    expect(original.headers).toEqual({ Accept: "*/*" });
  });

  it.each([
    ["another host", "https://api.evil.test/", "host_not_admitted"],
    ["the wildcard's apex", "https://acme.test/", "host_not_admitted"],
    ["a look-alike suffix", "https://api.acme.test.evil.test/", "host_not_admitted"],
    ["plain http off loopback", "http://api.acme.test/", "insecure_scheme"],
  ])("refuses %s, naming no secret", (_, url, reason) => {
    for (const credential of [header, query, basic, oauth2]) {
      let refusal: unknown;
      try {
        placeCredential(credential, "the-secret-value", request(url));
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(CredentialRefusedError);
      expect((refusal as CredentialRefusedError).reason).toBe(reason);
      expect((refusal as Error).message).not.toContain("the-secret-value");
    }
  });

  it("refuses a header value that cannot travel, naming no part of it", () => {
    const placing = () => placeCredential(header, "k\r\nX-Injected: yes", request("https://api.acme.test/"));
    expect(placing).toThrow(CredentialRefusedError);
    expect(placing).toThrow(/cannot carry; enter it again/);
    expect(placing).not.toThrow(/Injected/);
  });

  it("places any query value so it decodes back exactly, leaving the other pairs' bytes alone (property)", () => {
    const pair = fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[A-Za-z0-9%+._~-]{0,8}$/));
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), fc.array(pair, { maxLength: 4 }), (secret, pairs) => {
        const others = pairs.filter(([name]) => name !== "api_key").map(([name, value]) => `${name}=${value}`);
        const url = `https://api.acme.test/x${others.length > 0 ? `?${others.join("&")}` : ""}`;
        const placed = placeCredential(query, secret, request(url)).request.url;
        expect(placed.searchParams.getAll("api_key")).toEqual([secret]);
        expect(placed.search.startsWith(others.length > 0 ? `?${others.join("&")}&` : "?api_key=")).toBe(true);
      }),
    );
  });

  it("allows plain http to an admitted loopback host", () => {
    expect(placeCredential(header, "v", request("http://127.0.0.1:9/")).request.headers).toEqual({ "X-Api-Key": "v" });
  });

  it("reports plaintexts that let the redactor mask whatever an upstream echoes", () => {
    const placed = placeCredential(basic, "correct horse battery", request("https://api.acme.test/"));
    const echoed = JSON.stringify({ seen: placed.request.headers.Authorization, raw: "svc:correct horse battery" });
    const redacted = createRedactor(placed.plaintexts).redact(echoed);
    for (const plaintext of placed.plaintexts) expect(redacted).not.toContain(plaintext);
  });
});

describe("previewPlacement", () => {
  it.each([
    [header, "X-Api-Key: ••••"],
    [query, "?api_key=••••"],
    [basic, "Authorization: ••••"],
    [oauth2, "Authorization: ••••"],
  ])("shows %#'s placement masked", (credential, text) => {
    const preview = previewPlacement(credential, request("https://api.acme.test/v1?a=1"));
    expect(preview.text).toBe(text);
    const shown = `${preview.request.url.href} ${JSON.stringify(preview.request.headers)}`;
    expect(decodeURIComponent(shown)).toContain("••••");
  });

  it("refuses a destination the credential may not go to, as a real call would", () => {
    expect(() => previewPlacement(header, request("https://api.evil.test/"))).toThrow(CredentialRefusedError);
  });
});
