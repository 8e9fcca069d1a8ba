import { afterEach, describe, expect, it } from "vitest";
import { requestAccessToken, TokenRequestError } from "./oauth2-token";
import { oauth2Credential, startTokenEndpoint, type TokenEndpoint, type TokenReply } from "./test-support/token-endpoint";

const SECRET = "sé cret+:/=";
let endpoint: TokenEndpoint | undefined;

afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

async function answering(reply: TokenReply): Promise<TokenEndpoint> {
  endpoint = await startTokenEndpoint(() => reply);
  return endpoint;
}

async function failure(promise: Promise<unknown>): Promise<TokenRequestError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TokenRequestError);
  const typed = error as TokenRequestError;
  for (const form of [SECRET, encodeURIComponent(SECRET), Buffer.from(SECRET).toString("base64")]) {
    expect(typed.message).not.toContain(form);
  }
  return typed;
}

describe("requestAccessToken", () => {
  it("POSTs a client-credentials form with the client authenticated by HTTP Basic (RFC 6749 §4.4, §2.3.1)", async () => {
    const { tokenUrl, transport, upstream } = await answering({ status: 200, body: { access_token: "tok", token_type: "bearer", expires_in: 120 } });
    const token = await requestAccessToken(oauth2Credential(tokenUrl, { audience: "https://api.test" }), SECRET, transport);
    expect(token).toEqual({ accessToken: "tok", expiresIn: 120, scopes: null });
    const [request] = upstream.requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe("/oauth/token");
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      grant_type: "client_credentials",
      scope: "read:items write",
      audience: "https://api.test",
    });
    // Each part form-encoded before joining: a colon in the secret cannot move the boundary.
    const pair = Buffer.from(request?.headers.authorization?.replace(/^Basic /, "") ?? "", "base64").toString("utf8");
    expect(pair).toBe("quiver+client:s%C3%A9+cret%2B%3A%2F%3D");
  });

  it("sends the client id and secret in the form when client auth is body", async () => {
    const { tokenUrl, transport, upstream } = await answering({ status: 200, body: { access_token: "tok" } });
    await requestAccessToken(oauth2Credential(tokenUrl, { clientAuthentication: "body", scopes: [] }), SECRET, transport);
    const request = upstream.requests[0];
    expect(request?.headers.authorization).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      grant_type: "client_credentials",
      client_id: "quiver client",
      client_secret: SECRET,
    });
  });

  it.each<[string, unknown, number | null, readonly string[] | null]>([
    ["a number", 3600, 3600, null],
    ["a numeric string", "3600", 3600, null],
    ["absent", undefined, null, null],
    ["zero", 0, null, null],
    ["not a number", "soon", null, null],
    ["over a day (cut to one)", 10 ** 9, 86_400, null],
  ])("reads expires_in given as %s", async (_, expiresIn, seconds) => {
    const { tokenUrl, transport } = await answering({ status: 200, body: { access_token: "tok", token_type: "Bearer", expires_in: expiresIn } });
    expect((await requestAccessToken(oauth2Credential(tokenUrl), SECRET, transport)).expiresIn).toBe(seconds);
  });

  it("reads the granted scopes", async () => {
    const { tokenUrl, transport } = await answering({ status: 200, body: { access_token: "tok", scope: "read:items  admin" } });
    expect((await requestAccessToken(oauth2Credential(tokenUrl), SECRET, transport)).scopes).toEqual(["read:items", "admin"]);
  });

  it("reports a refusal with the status and error code, its description redacted", async () => {
    const { tokenUrl, transport } = await answering({
      status: 401,
      body: { error: "invalid_client", error_description: `client secret ${SECRET} is wrong\r\nforged: line` },
    });
    const error = await failure(requestAccessToken(oauth2Credential(tokenUrl), SECRET, transport));
    expect(error).toMatchObject({ reason: "refused", status: 401, oauthError: "invalid_client", code: "token_request_failed" });
    expect(error.message).toMatch(/answered 401 \(invalid_client: client secret •+ is wrong {2}forged: line\)/);
  });

  it("does not follow a redirect from the token endpoint", async () => {
    const { tokenUrl, transport, upstream } = await answering({ status: 302, body: "" });
    const error = await failure(requestAccessToken(oauth2Credential(tokenUrl), SECRET, transport));
    expect(error).toMatchObject({ reason: "refused", status: 302, oauthError: null });
    expect(upstream.requests).toHaveLength(1);
  });

  it.each<[string, unknown, RegExp]>([
    ["not JSON", "<html>", /not answer with a JSON object/],
    ["a JSON array", [], /not answer with a JSON object/],
    ["no access_token", { token_type: "bearer" }, /no access_token/],
    ["an access_token with a line break", { access_token: "a\nb" }, /cannot travel in a header/],
    ["a token that is not a bearer token", { access_token: "tok", token_type: "mac" }, /of type "mac", not a bearer token/],
  ])("refuses a 200 with %s", async (_, body, message) => {
    const { tokenUrl, transport } = await answering({ status: 200, body });
    const error = await failure(requestAccessToken(oauth2Credential(tokenUrl), SECRET, transport));
    expect(error.reason).toBe("invalid_response");
    expect(error.message).toMatch(message);
  });

  it("reports an unreachable endpoint with the transport's error as its cause", async () => {
    const { tokenUrl, transport } = await answering({ status: 200, body: {} });
    await endpoint?.upstream.close();
    const error = await failure(requestAccessToken(oauth2Credential(tokenUrl), SECRET, transport));
    expect(error.reason).toBe("unreachable");
    expect(error.cause).toBeInstanceOf(Error);
  });

  it("refuses a response over the size cap", async () => {
    const { tokenUrl, transport } = await answering({ status: 200, body: { access_token: "t".repeat(70_000) } });
    const error = await failure(requestAccessToken(oauth2Credential(tokenUrl), SECRET, transport));
    expect(error.reason).toBe("unreachable");
    expect((error.cause as Error).message).toMatch(/larger than 65536 bytes/);
  });

  it("sends nothing to a token URL over plain http off loopback", async () => {
    let sent = 0;
    const transport = () => {
      sent += 1;
      return Promise.resolve({ status: 200, body: "{}" });
    };
    const error = await failure(requestAccessToken(oauth2Credential("http://auth.vendor.test/token"), SECRET, transport));
    expect(error.reason).toBe("refused");
    expect(sent).toBe(0);
  });
});
