/**
 * Stored tools declaring a shared credential (SPEC §5.1), on SQLite and PostgreSQL: the catalog
 * and the playground bind them to the stored credential, read when the call is made. A fire sends
 * the credential and shows only masks; a dry run shows the placement masked and sends nothing; a
 * credential missing at call time sends nothing and says so; OAuth2 tokens come from the one
 * process-wide manager (cached across calls).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { oauth2Credential, startTokenEndpoint, type TokenEndpoint } from "../credentials/test-support/token-endpoint";
import { saveCredentialRecord } from "../credentials/server/credential-saves";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { saveTool } from "./tool-saves";
import { generateEncryptionKey } from "../secrets/keyring";
import { DEFAULT_EXECUTION_CONFIG, parseToolDefinition, type Tool } from "../tools";
import { reply, startUpstream, type Upstream } from "../tools/testing";
import { getKeyring } from "../secrets/server/process-keyring";
import { executeInPlayground } from "../playground/playground-run";
import { loadCatalogTool, loadToolCatalog } from "./tool-catalog";

process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
// The token manager's transport passes the destination guard with the configured allowlist.
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
const CONFIG = { ...DEFAULT_EXECUTION_CONFIG, allowlist: ["127.0.0.1"] };
const VALUE = "vk-catalog-SECRET-24680";
const targets = await databaseTargets();

let upstream: Upstream;
let tokens: TokenEndpoint;
beforeAll(async () => {
  upstream = await startUpstream((request, response) =>
    reply(response, 200, { url: request.url, key: request.headers["x-api-key"] ?? null, authorization: request.headers.authorization ?? null }),
  );
  tokens = await startTokenEndpoint();
});
afterAll(async () => {
  await Promise.all([upstream.close(), tokens.close()]);
});

describe.each(targets)("tools with a shared credential on $name", (target) => {
  const db = useTestDatabase(target);

  async function store(credential: Record<string, unknown>, toolName = "vendor_call") {
    await saveCredentialRecord({ input: { name: "vendor", hosts: ["127.0.0.1"], ...credential }, keyring: getKeyring(), actor: SYSTEM_ACTOR });
    const definition = parseToolDefinition({
      name: toolName,
      description: "Calls the vendor.",
      request: { method: "GET", url: `${upstream.origin}/items` },
      auth: { credential: "vendor" },
    });
    await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
  }

  async function catalogTool(name = "vendor_call"): Promise<Tool> {
    const tool = (await loadToolCatalog(CONFIG)).find((candidate) => candidate.name === name);
    if (!tool) throw new Error(`${name} is not in the catalog`);
    return tool;
  }

  async function playground(mode: "dry_run" | "fire") {
    const tool = await loadCatalogTool("vendor_call");
    if (tool?.origin !== "data") throw new Error("expected a data tool");
    return executeInPlayground({ tool, mode, arguments: {}, context: {}, config: CONFIG });
  }

  const lastUsed = async () => (await db().credential.findUniqueOrThrow({ where: { name: "vendor" } })).lastUsedAt;

  it("sends the stored header credential from the catalog, returns only its mask and notes its use", async () => {
    await store({ kind: "header", header_name: "X-Api-Key", value: VALUE });
    expect(await lastUsed()).toBeNull();
    const response = await (await catalogTool()).call({}, { context: {} });
    expect(upstream.requests.at(-1)?.headers["x-api-key"]).toBe(VALUE);
    expect(response.ok).toBe(true);
    expect(JSON.stringify(response)).not.toContain(VALUE);
    await vi.waitFor(async () => expect(await lastUsed()).toBeInstanceOf(Date));
  });

  it("does not note a use when the credential refuses the tool's host (nothing sent)", async () => {
    await store({ kind: "header", header_name: "X-Api-Key", value: VALUE });
    await db().credential.update({ where: { name: "vendor" }, data: { hosts: JSON.stringify(["api.example.com"]) } });
    const before = upstream.requests.length;
    const response = await (await catalogTool()).call({}, { context: {} });
    expect(response).toMatchObject({ ok: false, errorType: "execution_error", message: expect.stringContaining("does not admit that host") });
    expect(upstream.requests.length).toBe(before);
    expect(await lastUsed()).toBeNull();
  });

  it("fires in the playground with only masks in the run view, and reports the value for later redaction", async () => {
    await store({ kind: "query", parameter_name: "api_key", value: VALUE });
    const { run, secrets } = await playground("fire");
    expect(upstream.requests.at(-1)?.url).toBe(`/items?api_key=${VALUE}`);
    expect(run.outcome).toEqual({ kind: "success", halted: false });
    expect(JSON.stringify(run)).not.toContain(VALUE);
    expect(secrets).toContain(VALUE);
  });

  it("dry-runs with the placement masked, sending nothing", async () => {
    await store({ kind: "query", parameter_name: "api_key", value: VALUE });
    const before = upstream.requests.length;
    const { run } = await playground("dry_run");
    expect(run.request?.url).toBe(`${upstream.origin}/items?api_key=••••`);
    expect(run.outcome).toEqual({ kind: "dry_run" });
    expect(upstream.requests.length).toBe(before);
  });

  it("sends nothing when the credential is gone at call time, and the dry run warns", async () => {
    await store({ kind: "header", header_name: "X-Api-Key", value: VALUE });
    const stored = await db().tool.findUniqueOrThrow({ where: { name: "vendor_call" } });
    // As a row written before the credential was renamed away would be: the definition names a credential that is not there.
    await db().tool.update({ where: { id: stored.id }, data: { definition: stored.definition.replace('"credential":"vendor"', '"credential":"gone"') } });
    const before = upstream.requests.length;
    const response = await (await catalogTool()).call({}, { context: {} });
    expect(response).toMatchObject({ ok: false, errorType: "execution_error", message: expect.stringContaining('Credential "gone" does not exist') });
    expect(upstream.requests.length).toBe(before);
    const { run } = await playground("dry_run");
    expect(run.warnings).toContain('Credential "gone" does not exist; a real call would fail.');
  });

  it("fetches an OAuth2 token through the process's token manager once and reuses it", async () => {
    const credential = oauth2Credential(tokens.tokenUrl);
    await store({
      kind: "oauth2_client_credentials",
      token_url: credential.tokenUrl,
      client_id: credential.clientId,
      client_secret: VALUE,
      scopes: credential.scopes,
    });
    const before = tokens.upstream.requests.length;
    const tool = await catalogTool();
    const [first, second] = [await tool.call({}, { context: {} }), await tool.call({}, { context: {} })];
    expect([first.ok, second.ok]).toEqual([true, true]);
    expect(tokens.upstream.requests.length - before).toBe(1);
    expect(upstream.requests.at(-1)?.headers.authorization).toMatch(/^Bearer token-\d+$/);
  });
});
