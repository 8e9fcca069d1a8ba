/**
 * The executor's side of shared credentials (SPEC §1.5 step 3, §5.1) with in-memory credential
 * steps: a tool declaring `auth` sends only through the step; the step runs inside the deadline;
 * its failures become typed errors naming no secret; what it placed is redacted everywhere; a dry
 * run shows its masked placement. lib/credentials' real step is tested in lib/credentials.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MASK_PREFIX } from "../../secrets/mask";
import { parseToolDefinition } from "../definition";
import { toolResponseToJSON, type ToolResponse } from "../response";
import { AuthorizationError, type Authorize, type PreviewAuthorization } from "./credential-step";
import { BlockedDestinationError } from "./destination-guard";
import { DEFAULT_EXECUTION_CONFIG, type ExecutionConfig } from "./execution-config";
import { executeTool } from "./executor";
import { reply, startUpstream, type Upstream } from "./test-support/upstream-server";

const CONFIG: ExecutionConfig = { ...DEFAULT_EXECUTION_CONFIG, allowlist: ["127.0.0.0/8", "::1"] };
const KEY = "vendor-key-PLAINTEXT-31337";

let upstream: Upstream;

beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    const key = String(request.headers["x-api-key"] ?? "");
    if (request.url.startsWith("/denied")) reply(response, key === `${KEY}-2` ? 200 : 401, { error: `bad key ${key}` });
    else reply(response, 200, { echoed: key }, { "x-echo": key });
  });
});
afterAll(() => upstream.close());

function tool(path = "/echo", auth: unknown = { credential: "vendor" }, timeout: number | null = null) {
  return parseToolDefinition({
    name: "vendor_call",
    description: "Calls the vendor.",
    request: { method: "GET", url: `${upstream.origin}${path}` },
    response: { extract: "body_raw" },
    timeout,
    auth,
  });
}

/** A step placing `X-Api-Key` (a new key on each try, as a renewed token would be); counts its tries. */
function headerStep(): { authorize: Authorize; tries: () => number } {
  let tries = 0;
  const authorize: Authorize = async (request, send, isUnauthorized) => {
    const keys: string[] = [];
    const attempt = () => {
      tries += 1;
      const key = tries === 1 ? KEY : `${KEY}-${tries}`;
      keys.push(key);
      return send({ ...request, headers: { ...request.headers, "X-Api-Key": key } }, ["x-api-key"]);
    };
    let result = await attempt();
    if (isUnauthorized(result)) result = await attempt();
    return { result, plaintexts: keys, secretHeaderNames: ["x-api-key"] };
  };
  return { authorize, tries: () => tries };
}

function expectNoTrace(response: ToolResponse, ...secrets: string[]): void {
  const texts = [JSON.stringify(response), JSON.stringify(toolResponseToJSON(response))];
  if (!response.ok && response.cause instanceof Error) texts.push(response.cause.message, String(response.cause.stack));
  for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
}

describe("a tool declaring auth", () => {
  it("sends nothing without a credential step", async () => {
    const before = upstream.requests.length;
    const response = await executeTool(tool(), {}, { config: CONFIG });
    expect(response).toMatchObject({ ok: false, errorType: "execution_error", message: expect.stringContaining('Credential "vendor" is not available') });
    expect(upstream.requests.length).toBe(before);
  });

  it("sends through the step and redacts what it placed from content and metadata", async () => {
    const { authorize } = headerStep();
    const response = await executeTool(tool(), {}, { config: CONFIG, authorize });
    expect(response.ok).toBe(true);
    expect(upstream.requests.at(-1)?.headers["x-api-key"]).toBe(KEY);
    expect(response.metadata.request?.headers["X-Api-Key"]).toBe(`${MASK_PREFIX}1337`);
    expect(response.metadata.responseHeaders?.["x-echo"]).toBe(`${MASK_PREFIX}1337`);
    expectNoTrace(response, KEY);
  });

  it("hands the step a 401 as unauthorized, and redacts both tries' values", async () => {
    const { authorize, tries } = headerStep();
    const response = await executeTool(tool("/denied"), {}, { config: CONFIG, authorize });
    expect(tries()).toBe(2);
    expect(response.ok).toBe(true);
    expectNoTrace(response, KEY, `${KEY}-2`);
  });

  it("never calls the step for a tool without auth", async () => {
    const { authorize, tries } = headerStep();
    const response = await executeTool(tool("/echo", null), {}, { config: CONFIG, authorize });
    expect(response.ok).toBe(true);
    expect(tries()).toBe(0);
    expect(upstream.requests.at(-1)?.headers["x-api-key"]).toBeUndefined();
  });
});

describe("credential step failures", () => {
  async function failing(thrown: unknown): Promise<{ response: ToolResponse; sent: number }> {
    const before = upstream.requests.length;
    const response = await executeTool(tool(), {}, { config: CONFIG, authorize: () => Promise.reject(thrown) });
    return { response, sent: upstream.requests.length - before };
  }

  it("shows an AuthorizationError's own message as an execution_error", async () => {
    const { response, sent } = await failing(new AuthorizationError('Credential "vendor" may not be sent to 127.0.0.1.'));
    expect(response).toMatchObject({ ok: false, errorType: "execution_error", message: 'Credential "vendor" may not be sent to 127.0.0.1.' });
    expect(sent).toBe(0);
  });

  it("reports the destination guard's refusal in the cause chain as blocked_destination", async () => {
    const blocked = new BlockedDestinationError("127.0.0.1", "127.0.0.1", "loopback");
    const { response } = await failing(new AuthorizationError("no token", { cause: new Error("unreachable", { cause: blocked }) }));
    expect(response).toMatchObject({ ok: false, errorType: "blocked_destination", message: blocked.message });
  });

  it("gives any other error a generic message and keeps nothing of its text", async () => {
    const { response, sent } = await failing(new Error(`could not decrypt ${KEY}`));
    expect(response).toMatchObject({ ok: false, errorType: "execution_error", message: 'Could not send the request with credential "vendor"' });
    expect(sent).toBe(0);
    expectNoTrace(response, KEY);
  });

  it("keeps the deadline over the whole step, and a try the step starts late sends nothing", async () => {
    let release: () => void = () => undefined;
    const tokenArrives = new Promise<void>((resolve) => {
      release = resolve;
    });
    let lateTry: (outcome: unknown) => void = () => undefined;
    const late = new Promise<unknown>((resolve) => {
      lateTry = resolve;
    });
    const authorize: Authorize = async (request, send) => {
      await tokenArrives;
      const result = await send(request, []);
      lateTry(result);
      return { result, plaintexts: [], secretHeaderNames: [] };
    };
    const before = upstream.requests.length;
    const response = await executeTool(tool("/echo", { credential: "vendor" }, 1), {}, { config: CONFIG, authorize });
    expect(response).toMatchObject({ ok: false, errorType: "timeout_error", message: "Tool execution timed out after 1 seconds" });
    release();
    expect(await late).toMatchObject({ kind: "failed" });
    expect(upstream.requests.length).toBe(before);
  });
});

describe("a dry run of a tool declaring auth", () => {
  const masked: PreviewAuthorization = (request) => {
    const url = new URL(request.url);
    url.searchParams.set("api_key", MASK_PREFIX);
    return { ...request, url };
  };

  it("shows the credential's placement masked, as typed, and sends nothing", async () => {
    const before = upstream.requests.length;
    const response = await executeTool(tool(), {}, { config: CONFIG, dryRun: true, previewAuthorization: masked });
    expect(response.ok && response.content).toMatchObject({ dry_run: true, request: { url: `${upstream.origin}/echo?api_key=${MASK_PREFIX}` } });
    expect(upstream.requests.length).toBe(before);
  });

  it("warns when the credential has no preview (it does not exist)", async () => {
    const response = await executeTool(tool(), {}, { config: CONFIG, dryRun: true });
    expect(response.ok && response.content).toMatchObject({ warnings: ['Credential "vendor" does not exist; a real call would fail.'] });
  });

  it("shows a refused destination as the dry run's error", async () => {
    const refuse: PreviewAuthorization = () => {
      throw new AuthorizationError('Credential "vendor" may not be sent to 127.0.0.1: it does not admit that host.');
    };
    const response = await executeTool(tool(), {}, { config: CONFIG, dryRun: true, previewAuthorization: refuse });
    expect(response).toMatchObject({ ok: false, errorType: "execution_error", message: expect.stringContaining("does not admit that host") });
    expect(response.metadata.request?.url).toBe(`${upstream.origin}/echo`);
  });
});
