/**
 * The agents' door against a real database (SQLite, and PostgreSQL when reachable) and a loopback
 * upstream: keys are checked on every call (a revoke is seen at once), the effective set is read
 * live (a switch flipped elsewhere is honoured on the next call), a tool outside it is 404 with
 * nothing sent, defaults reach the upstream, an echoed secret never reaches the agent or the call
 * log, and the per-key limit refuses once spent.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { createApiKey, revokeApiKey } from "./api-keys";
import { readCatalogStamp } from "../catalog/catalog-stamp";
import { createPersona, setPersonaToolEnabled } from "../personas/server/personas";
import { awaitChangeEvents } from "../db/test-support/change-events";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator, newSecretValues } from "../db/test-support/fixtures";
import { saveTool } from "../catalog/tool-saves";
import { secretForms } from "../secrets/forms";
import { generateEncryptionKey, loadKeyring } from "../secrets/keyring";
import { parseToolDefinition } from "../tools";
import { reply, startUpstream, type Upstream } from "../tools/testing";
import { authenticateAgent } from "./auth";
import { callAgentTool } from "./call";
import { flushCallLog } from "./call-log";
import { consumeAgentRateLimit } from "./rate-limit";
import { agentToolList, listAgentTools } from "./snapshot";

process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
process.env.QUIVER_API_RATE_LIMIT = "3/60";
const keyring = loadKeyring(process.env);
const SECRET = "sk-agent-door-0123456789abcdef";
const targets = await databaseTargets();

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((request, response) => {
    const path = request.url.split("?")[0];
    if (path === "/echo") reply(response, 200, { url: request.url, auth: request.headers.authorization });
    else reply(response, 200, { action: "ESCALATE", reply: "A colleague takes over." });
  });
});
afterAll(() => upstream.close());

function expectNoSecret(value: unknown): void {
  const text = JSON.stringify(value);
  for (const form of secretForms(SECRET)) expect(text, `${form.name} form of the secret`).not.toContain(form.text);
}

describe.each(targets)("agents' door on $name", (target) => {
  const db = useTestDatabase(target);

  /** Two tools (echo with a secret and a default; halt), persona support with both, a key for it. */
  async function setUp(personaOverrides: { grant?: "all" | string[]; disabledTools?: string[] } = {}) {
    const actor = await insertOperator(db(), `ops-${Math.random().toString(36).slice(2)}@example.com`);
    const echo = parseToolDefinition({
      name: "echo_order",
      description: "Echoes the request.",
      parameters: { type: "object", properties: { id: { type: "string" }, units: { type: "string", default: "metric" } }, required: ["id"] },
      request: { method: "GET", url: `${upstream.origin}/echo`, headers: { Authorization: "" }, query: { id: "{{id}}", units: "{{units}}" } },
      secret_headers: ["Authorization"],
    });
    const halt = parseToolDefinition({
      name: "escalate",
      description: "Hands over to a person.",
      parameters: { type: "object", properties: {} },
      request: { method: "POST", url: `${upstream.origin}/halt` },
      halt_when: { json_path: "action", equals: ["ESCALATE"], say: { json_path: "reply" } },
    });
    await saveTool({ definition: echo, secrets: newSecretValues(keyring, { Authorization: `Bearer ${SECRET}` }), baseVersion: null, actor });
    await saveTool({ definition: halt, baseVersion: null, actor });
    await createPersona({ slug: "support", name: "Support", grant: personaOverrides.grant ?? "all", disabledTools: personaOverrides.disabledTools }, SYSTEM_ACTOR);
    await createPersona({ slug: "sales", name: "Sales" }, SYSTEM_ACTOR);
    const key = await createApiKey({ name: "Bot", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    return { actor, key, bearer: `Bearer ${key.token}` };
  }

  it("admits a key scoped to the persona; refuses missing, unknown, revoked, expired and out-of-scope keys", async () => {
    const { key, bearer } = await setUp();
    const catalogStamp = await readCatalogStamp(db());
    expect(await authenticateAgent(bearer, "support")).toEqual({ ok: true, identity: { keyId: key.id, keyName: "Bot", personaSlug: "support", catalogStamp } });
    await vi.waitFor(async () => expect((await db().apiKey.findUnique({ where: { id: key.id } }))?.lastUsedAt).toBeInstanceOf(Date));

    const codeOf = async (header: string | null, slug = "support") => {
      const result = await authenticateAgent(header, slug);
      return result.ok ? 200 : `${result.status} ${result.body.error.code}: ${result.body.error.message}`;
    };
    expect(await codeOf(null)).toBe("401 unauthorized: Send an API key as Authorization: Bearer <key>.");
    expect(await codeOf(key.token)).toMatch(/^401 unauthorized: Send an API key/);
    expect(await codeOf("Bearer qv_not-a-key")).toBe("401 unauthorized: The API key is not valid.");
    expect(await codeOf(bearer, "sales")).toBe('403 forbidden: The API key "Bot" may not act as persona "sales".');
    expect(await codeOf(bearer, "ghost")).toBe('404 not_found: There is no persona "ghost".');
    expect(await codeOf("Bearer qv_not-a-key", "ghost")).toMatch(/^401/);

    // Written straight to the database, as another instance would: the door hears of it by its change event.
    await db().apiKey.update({ where: { id: key.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await awaitChangeEvents(db(), target.url);
    expect(await codeOf(bearer)).toBe("401 unauthorized: The API key has expired.");
    await db().apiKey.update({ where: { id: key.id }, data: { expiresAt: null } });
    await awaitChangeEvents(db(), target.url);
    expect(await codeOf(bearer)).toBe(200);
    await revokeApiKey(key.id, SYSTEM_ACTOR);
    expect(await codeOf(bearer)).toBe("401 unauthorized: The API key has been revoked.");
  });

  it("lists the effective tools live, with an ETag that changes only when the list does", async () => {
    await setUp();
    expect((await listAgentTools("support")).map((tool) => tool.name)).toEqual(expect.arrayContaining(["echo_order", "escalate"]));
    const before = await agentToolList("support", "openai");
    expect((await agentToolList("support", "openai"))?.etag).toBe(before?.etag);
    expect((await agentToolList("support", "anthropic"))?.etag).not.toBe(before?.etag);

    await setPersonaToolEnabled("support", "escalate", false, SYSTEM_ACTOR);
    expect((await listAgentTools("support")).map((tool) => tool.name)).not.toContain("escalate");
    const after = await agentToolList("support", "openai");
    expect(after?.etag).not.toBe(before?.etag);
    expect(JSON.stringify(after?.specs)).not.toContain("escalate");
    expect(await agentToolList("ghost", "openai")).toBeNull();
    expect(await listAgentTools("ghost")).toEqual([]);
  });

  it("answers each call from the state read with its key: a switch flipped since the last call is in force on the next", async () => {
    const { bearer } = await setUp();
    const admit = async () => {
      const admitted = await authenticateAgent(bearer, "support");
      if (!admitted.ok) throw new Error("the key was refused");
      return admitted.identity;
    };
    const callEscalate = async () => {
      const answer = await callAgentTool({ identity: await admit(), toolName: "escalate", arguments: {}, context: {}, channel: "api" });
      return answer.ok ? 200 : answer.status;
    };
    expect(await callEscalate()).toBe(200);
    await setPersonaToolEnabled("support", "escalate", false, SYSTEM_ACTOR);
    expect(await callEscalate()).toBe(404);
    await setPersonaToolEnabled("support", "escalate", true, SYSTEM_ACTOR);
    expect(await callEscalate()).toBe(200);
    await flushCallLog(); // the calls' log rows belong to this test's database
  });

  it("answers 404 for a disabled tool or one outside the grant, sending nothing", async () => {
    const { key } = await setUp({ grant: ["echo_order", "escalate"], disabledTools: ["escalate"] });
    const identity = { keyId: key.id, keyName: "Bot", personaSlug: "support" };
    const sent = upstream.requests.length;
    for (const toolName of ["escalate", "clock_now", "no_such_tool"]) {
      const answer = await callAgentTool({ identity, toolName, arguments: {}, context: {}, channel: "api" });
      expect(answer).toEqual({
        ok: false,
        status: 404,
        body: { error: { code: "not_found", message: `Persona "support" has no tool named "${toolName}".` } },
      });
    }
    expect(upstream.requests.length).toBe(sent);
  });

  it("fills defaults, never hands an echoed secret back, shows a halt and logs the call (payloads only when opted in)", async () => {
    const { key } = await setUp();
    const identity = { keyId: key.id, keyName: "Bot", personaSlug: "support" };
    await db().persona.update({ where: { slug: "support" }, data: { logCallPayloads: true } });
    const answer = await callAgentTool({ identity, toolName: "echo_order", arguments: { id: "A1" }, context: { tenant: "acme" }, channel: "api" });
    expect(upstream.requests.at(-1)?.url).toBe("/echo?id=A1&units=metric");
    expect(upstream.requests.at(-1)?.headers.authorization).toBe(`Bearer ${SECRET}`);
    // The upstream echoed the Authorization header: the agent sees the body with the secret masked.
    expect(answer).toMatchObject({ ok: true, result: { ok: true, kind: "text", content: '{"url":"/echo?id=A1&units=metric","auth":"••••cdef"}' } });
    expectNoSecret(answer);

    const halted = await callAgentTool({ identity, toolName: "escalate", arguments: {}, context: {}, channel: "mcp" });
    expect(halted).toMatchObject({ ok: true, result: { ok: true, halt: { say: "A colleague takes over." } } });

    const badContext = await callAgentTool({ identity, toolName: "echo_order", arguments: { id: "A1" }, context: { colour: "red" }, channel: "api" });
    expect(badContext).toMatchObject({ ok: false, status: 400, body: { error: { code: "bad_request", message: expect.stringContaining("context.colour") } } });

    await flushCallLog();
    const logged = await db().callLog.findMany({ orderBy: { id: "asc" } });
    expect(logged).toMatchObject([
      { apiKeyId: key.id, apiKeyName: "Bot", personaSlug: "support", toolName: "echo_order", channel: "api", outcome: "success", httpStatus: 200 },
      { toolName: "escalate", channel: "mcp", outcome: "halt" },
    ]);
    expect(JSON.parse(logged[0]!.arguments!)).toEqual({ id: "A1" });
    expect(logged[0]!.result).toContain("/echo?id=A1");
    expectNoSecret(logged);

    await db().persona.update({ where: { slug: "support" }, data: { logCallPayloads: false } });
    await callAgentTool({ identity, toolName: "echo_order", arguments: { id: "A2" }, context: {}, channel: "api" });
    await flushCallLog();
    expect(await db().callLog.findFirst({ orderBy: { id: "desc" } })).toMatchObject({ arguments: null, result: null });
  });

  it("refuses a key's calls once its allowance (QUIVER_API_RATE_LIMIT) is spent, other keys unaffected", async () => {
    const { key } = await setUp();
    for (let call = 0; call < 3; call++) expect(await consumeAgentRateLimit(key.id)).toEqual({ ok: true });
    const refused = await consumeAgentRateLimit(key.id);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(refused.ok || refused.retryAfterSeconds <= 60).toBe(true);
    expect(await consumeAgentRateLimit("another-key")).toEqual({ ok: true });
    expect(await db().rateLimiterFlexible.findUnique({ where: { key: `api-key:${key.id}` } })).toMatchObject({ points: 4 });
  });
});
