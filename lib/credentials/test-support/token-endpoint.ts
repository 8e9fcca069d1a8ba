/**
 * A loopback OAuth2 token endpoint for tests (built on lib/tools' upstream server): it records
 * every token request and answers with `respond`, by default a fresh bearer token per request
 * (`token-1`, `token-2`, …) living an hour. The app's e2e mock can reuse it.
 */
import { Agent } from "undici";
import { reply, startUpstream, type RecordedRequest, type Upstream } from "../../tools/testing";
import { dispatcherTokenTransport, type TokenTransport } from "../token-transport";
import type { OAuth2ClientCredentials } from "../types";

export interface TokenEndpoint {
  readonly upstream: Upstream;
  readonly tokenUrl: string;
  /** A transport on a plain undici Agent (tests reach loopback without the destination guard). */
  readonly transport: TokenTransport;
  close(): Promise<void>;
}

export type TokenReply = { readonly status: number; readonly body: unknown; readonly delayMs?: number };

/** The default answer to the `count`-th token request (from 1). */
export function freshToken(count: number): TokenReply {
  return { status: 200, body: { access_token: `token-${count}`, token_type: "Bearer", expires_in: 3600 } };
}

/** Starts a token endpoint at `http://127.0.0.1:PORT/oauth/token`. */
export async function startTokenEndpoint(respond: (count: number, request: RecordedRequest) => TokenReply = freshToken): Promise<TokenEndpoint> {
  let count = 0;
  const upstream = await startUpstream((request, response) => {
    count += 1;
    const answer = respond(count, request);
    // A delay holds the response so concurrent callers pile up behind one request.
    setTimeout(() => reply(response, answer.status, answer.body), answer.delayMs ?? 0);
  });
  const agent = new Agent();
  return {
    upstream,
    tokenUrl: `${upstream.origin}/oauth/token`,
    transport: dispatcherTokenTransport(agent),
    close: async () => {
      await agent.close();
      await upstream.close();
    },
  };
}

/** An OAuth2 credential pointing at `tokenUrl`, with `overrides`. */
export function oauth2Credential(tokenUrl: string, overrides: Partial<OAuth2ClientCredentials> = {}): OAuth2ClientCredentials {
  return {
    name: "vendor",
    description: "",
    kind: "oauth2_client_credentials",
    hosts: ["127.0.0.1"],
    tokenUrl,
    clientId: "quiver client",
    scopes: ["read:items", "write"],
    audience: null,
    clientAuthentication: "basic",
    ...overrides,
  };
}
