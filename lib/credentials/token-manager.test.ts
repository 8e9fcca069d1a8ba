import { Agent, request as undiciRequest } from "undici";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createRedactor } from "../secrets/redact";
import { reply, startUpstream, type RecordedRequest, type Upstream } from "../tools/testing";
import { TokenRequestError } from "./oauth2-token";
import { placeCredential } from "./placement";
import { freshToken, oauth2Credential, startTokenEndpoint, type TokenEndpoint, type TokenReply } from "./test-support/token-endpoint";
import { TokenManager, type OAuth2Binding } from "./token-manager";

const CLIENT_SECRET = "client-secret-value";
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function endpointAnswering(respond?: (count: number, request: RecordedRequest) => TokenReply): Promise<TokenEndpoint> {
  const endpoint = await startTokenEndpoint(respond);
  closers.push(endpoint.close);
  return endpoint;
}

/** A clock the test moves by hand: no assertion depends on real time. */
function manualClock(start = 1_000_000) {
  const clock = { now: start, advance: (ms: number) => (clock.now += ms) };
  return clock;
}

function binding(endpoint: TokenEndpoint, version: string | number = 1, id = "cred-1"): OAuth2Binding {
  return { ref: { id, version }, credential: oauth2Credential(endpoint.tokenUrl), clientSecret: () => Promise.resolve(CLIENT_SECRET) };
}

describe("TokenManager caching", () => {
  it("reuses a token until expires_in less 30 s, then fetches a new one", async () => {
    const endpoint = await endpointAnswering();
    const clock = manualClock();
    const manager = new TokenManager({ transport: endpoint.transport, now: () => clock.now });
    const first = await manager.token(binding(endpoint));
    expect(first).toMatchObject({ value: "token-1", expiresAt: clock.now + 3_600_000, refreshAt: clock.now + 3_570_000, scopes: null });
    clock.advance(3_569_999);
    expect((await manager.token(binding(endpoint))).value).toBe("token-1");
    clock.advance(1);
    expect((await manager.token(binding(endpoint))).value).toBe("token-2");
    expect(endpoint.upstream.requests).toHaveLength(2);
  });

  it("without expires_in, keeps a token for half the 60 s default; a short-lived one for half its life", async () => {
    const endpoint = await endpointAnswering((count) =>
      count === 1 ? { status: 200, body: { access_token: "no-expiry" } } : { status: 200, body: { access_token: `short-${count}`, expires_in: 20 } },
    );
    const clock = manualClock();
    const manager = new TokenManager({ transport: endpoint.transport, now: () => clock.now });
    expect(await manager.token(binding(endpoint))).toMatchObject({ value: "no-expiry", expiresAt: null, refreshAt: clock.now + 30_000 });
    clock.advance(30_000);
    const short = await manager.token(binding(endpoint));
    expect(short).toMatchObject({ value: "short-2", refreshAt: clock.now + 10_000 });
    clock.advance(9_999);
    expect((await manager.token(binding(endpoint))).value).toBe("short-2");
  });

  it("never uses a token fetched for an earlier version of the credential", async () => {
    const endpoint = await endpointAnswering();
    const manager = new TokenManager({ transport: endpoint.transport });
    expect((await manager.token(binding(endpoint, 1))).value).toBe("token-1");
    expect((await manager.token(binding(endpoint, 2))).value).toBe("token-2");
    expect((await manager.token(binding(endpoint, 2))).value).toBe("token-2");
    expect((await manager.token(binding(endpoint, 1, "cred-other"))).value).toBe("token-3");
  });

  it("drops a token whose fetch began before the credential was saved again", async () => {
    // Each version has its own client id; the endpoint names the token after it and holds the old one back.
    const endpoint = await endpointAnswering((_, request) => {
      const client = Buffer.from(String(request.headers.authorization).slice("Basic ".length), "base64").toString().split(":")[0];
      return { status: 200, body: { access_token: `token-of-${client}`, expires_in: 3600 }, delayMs: client === "old" ? 50 : 0 };
    });
    const manager = new TokenManager({ transport: endpoint.transport });
    const saved = (version: number, clientId: string): OAuth2Binding => ({
      ...binding(endpoint, version),
      credential: oauth2Credential(endpoint.tokenUrl, { clientId }),
    });
    const old = manager.token(saved(1, "old"));
    expect((await manager.token(saved(2, "new"))).value).toBe("token-of-new");
    expect((await old).value).toBe("token-of-old");
    expect((await manager.token(saved(2, "new"))).value).toBe("token-of-new");
    expect(endpoint.upstream.requests).toHaveLength(2);
  });

  it("forgets a credential's tokens", async () => {
    const endpoint = await endpointAnswering();
    const manager = new TokenManager({ transport: endpoint.transport });
    await manager.token(binding(endpoint));
    manager.forget("cred-1");
    expect((await manager.token(binding(endpoint))).value).toBe("token-2");
  });
});

describe("TokenManager single flight", () => {
  it("sends ONE token request for 50 concurrent callers, asserted at the token endpoint", async () => {
    const endpoint = await endpointAnswering((count) => ({ ...freshToken(count), delayMs: 30 }));
    let decrypted = 0;
    const manager = new TokenManager({ transport: endpoint.transport });
    const shared: OAuth2Binding = {
      ...binding(endpoint),
      clientSecret: () => {
        decrypted += 1;
        return Promise.resolve(CLIENT_SECRET);
      },
    };
    const tokens = await Promise.all(Array.from({ length: 50 }, () => manager.token(shared)));
    expect(new Set(tokens.map((token) => token.value))).toEqual(new Set(["token-1"]));
    expect(endpoint.upstream.requests).toHaveLength(1);
    expect(decrypted).toBe(1);
  });

  it("shares a failure among its waiters, caches none of it, and tries again on the next call", async () => {
    const endpoint = await endpointAnswering((count) =>
      count === 1 ? { status: 400, body: { error: "invalid_scope" }, delayMs: 20 } : freshToken(count),
    );
    const manager = new TokenManager({ transport: endpoint.transport });
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => manager.token(binding(endpoint))));
    expect(outcomes.every((outcome) => outcome.status === "rejected" && outcome.reason instanceof TokenRequestError)).toBe(true);
    expect(endpoint.upstream.requests).toHaveLength(1);
    expect((await manager.token(binding(endpoint))).value).toBe("token-2");
  });
});

describe("TokenManager.withTokenRetry", () => {
  const agent = new Agent();
  afterAll(() => agent.close());

  /** An upstream that accepts only `accepted` bearer tokens and echoes the Authorization header it got. */
  async function upstreamAccepting(accepted: (token: string) => boolean): Promise<Upstream> {
    const upstream = await startUpstream((request, response) => {
      const token = String(request.headers.authorization ?? "").replace(/^Bearer /, "");
      reply(response, accepted(token) ? 200 : 401, { youSent: request.headers.authorization });
    });
    closers.push(upstream.close);
    return upstream;
  }

  /** Places the token as the executor will (placeCredential) and sends the request. */
  function callThrough(upstream: Upstream, manager: TokenManager, tokenBinding: OAuth2Binding) {
    return manager.withTokenRetry(
      tokenBinding,
      async (token) => {
        const placed = placeCredential(tokenBinding.credential, token, { url: new URL(`${upstream.origin}/items`), headers: {} });
        const response = await undiciRequest(placed.request.url, { headers: placed.request.headers, dispatcher: agent });
        return { status: response.statusCode, body: await response.body.text() };
      },
      (result) => result.status === 401,
    );
  }

  it("passes a first success through with its one token", async () => {
    const endpoint = await endpointAnswering();
    const upstream = await upstreamAccepting(() => true);
    const manager = new TokenManager({ transport: endpoint.transport });
    const { result, tokens } = await callThrough(upstream, manager, binding(endpoint));
    expect(result.status).toBe(200);
    expect(tokens).toEqual(["token-1"]);
    expect(upstream.requests).toHaveLength(1);
  });

  it("on a 401 refreshes once and retries once, then succeeds", async () => {
    const endpoint = await endpointAnswering();
    const upstream = await upstreamAccepting((token) => token !== "token-1");
    const manager = new TokenManager({ transport: endpoint.transport });
    const { result, tokens } = await callThrough(upstream, manager, binding(endpoint));
    expect(result.status).toBe(200);
    expect(tokens).toEqual(["token-1", "token-2"]);
    expect(upstream.requests.map((request) => request.headers.authorization)).toEqual(["Bearer token-1", "Bearer token-2"]);
    expect(endpoint.upstream.requests).toHaveLength(2);
  });

  it("never loops: an upstream that always answers 401 sees exactly two calls and two tokens", async () => {
    const endpoint = await endpointAnswering();
    const upstream = await upstreamAccepting(() => false);
    const manager = new TokenManager({ transport: endpoint.transport });
    const { result, tokens } = await callThrough(upstream, manager, binding(endpoint));
    expect(result.status).toBe(401);
    expect(tokens).toEqual(["token-1", "token-2"]);
    expect(upstream.requests).toHaveLength(2);
    expect(endpoint.upstream.requests).toHaveLength(2);
  });

  it("refreshes once for many concurrent calls refused with the same token", async () => {
    const endpoint = await endpointAnswering((count) => ({ ...freshToken(count), delayMs: 20 }));
    const upstream = await upstreamAccepting((token) => token !== "token-1");
    const manager = new TokenManager({ transport: endpoint.transport });
    await manager.token(binding(endpoint));
    const calls = await Promise.all(Array.from({ length: 20 }, () => callThrough(upstream, manager, binding(endpoint))));
    expect(calls.every((call) => call.result.status === 200)).toBe(true);
    expect(endpoint.upstream.requests).toHaveLength(2);
    expect(upstream.requests).toHaveLength(40);
  });

  it("reports every token so an upstream echoing one is masked by the redactor", async () => {
    const endpoint = await endpointAnswering((count) => ({
      status: 200,
      body: { access_token: `eyJhbGciOiJIUzI1NiJ9.secret-token-${count}`, token_type: "Bearer", expires_in: 300 },
    }));
    const upstream = await upstreamAccepting((token) => token.endsWith("-2"));
    const manager = new TokenManager({ transport: endpoint.transport });
    const { result, tokens } = await callThrough(upstream, manager, binding(endpoint));
    expect(result.body).toContain("secret-token-2");
    const redacted = createRedactor([...tokens, CLIENT_SECRET]).redact(JSON.stringify({ result, first: tokens[0] }));
    expect(redacted).not.toContain("secret-token-1");
    expect(redacted).not.toContain("secret-token-2");
    expect(redacted).toContain("••••");
  });
});
