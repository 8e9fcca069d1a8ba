/**
 * `GET /api/v1/personas/SLUG/budget` through the door's handler against a real database (SQLite,
 * and PostgreSQL when reachable): the same key checks and answers as the tools list (401 without
 * or with a bad key, 403 for a persona outside the key, 404 for an unknown persona, 405 for
 * another method), the figures of a seeded persona computed from exactly the lists agents
 * receive, and a switch flipped since the last request in force on the next.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { saveTool } from "../catalog/tool-saves";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { createPersona, setPersonaSearchMode, setPersonaToolEnabled } from "../personas/server/personas";
import { generateEncryptionKey } from "../secrets/keyring";
import { contextBudget, META_TOOLS, parseToolDefinition, PROVIDER_FORMATS, toProviderSpecs, type SpecLists } from "../tools";
import { createApiKey } from "./api-keys";
import { handleDoorRequest } from "./gateway/door-routes";
import { runtimeOpenApiDocument } from "./openapi";
import { LOCAL_FLUSH_MS } from "./rate-limit";
import { listAgentTools } from "./snapshot";

process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
process.env.QUIVER_API_RATE_LIMIT = "1000/60";
const targets = await databaseTargets();

interface BudgetBody {
  persona: string;
  tool_count: number;
  search_mode: { tool_count: number; tokens: Record<string, number> } | null;
  providers: Record<string, { tokens: number; overhead: number; measure: string; basis: string }>;
  client_limits: { client: string; limit: number; exceeded: boolean }[];
  most_expensive: { name: string; tokens: Record<string, number>; reason: string; driver: string }[];
}

describe.each(targets)("the budget route on $name", (target) => {
  useTestDatabase(target);
  // The rate limit adds its counts to the database in the background: let them land before the test database goes.
  afterEach(() => new Promise((resolve) => setTimeout(resolve, 3 * LOCAL_FLUSH_MS)));

  /** Two tools (one with a long enum), persona support with both, persona sales, a key for support only. */
  async function setUp() {
    const statuses = Array.from({ length: 40 }, (_, index) => `status_${index}`);
    for (const definition of [
      { name: "list_orders", description: "Lists orders by status.", parameters: { type: "object", properties: { status: { type: "string", enum: statuses } } }, request: { method: "GET", url: "https://api.example.com/orders" } },
      { name: "ping_service", description: "Checks the service.", request: { method: "GET", url: "https://api.example.com/ping" } },
    ]) {
      await saveTool({ definition: parseToolDefinition(definition), baseVersion: null, actor: SYSTEM_ACTOR });
    }
    await createPersona({ slug: "support", name: "Support", grant: ["list_orders", "ping_service"] }, SYSTEM_ACTOR);
    await createPersona({ slug: "sales", name: "Sales", grant: "all" }, SYSTEM_ACTOR);
    const { token } = await createApiKey({ name: "Bot", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    return { authorization: `Bearer ${token}` };
  }

  const get = (slug: string, authorization?: string, method = "GET") =>
    handleDoorRequest(new Request(`http://127.0.0.1/api/v1/personas/${slug}/budget`, { method, headers: authorization ? { authorization } : {} }));
  const errorOf = async (response: Response) => `${response.status} ${((await response.json()) as { error: { code: string } }).error.code}`;

  it("answers as the tools list does to a missing or bad key, a persona outside the key, an unknown persona and another method", async () => {
    const { authorization } = await setUp();
    const missing = await get("support");
    expect(await errorOf(missing)).toBe("401 unauthorized");
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="quiver"');
    expect(await errorOf(await get("support", "Bearer qv_not-a-key"))).toBe("401 unauthorized");
    expect(await errorOf(await get("sales", authorization))).toBe("403 forbidden");
    expect(await errorOf(await get("ghost", authorization))).toBe("404 not_found");
    const posted = await get("support", authorization, "POST");
    expect(await errorOf(posted)).toBe("405 method_not_allowed");
    expect(posted.headers.get("allow")).toBe("GET");
  });

  it("gives the seeded persona's figures, from the very lists agents receive, and follows a switch on the next request", async () => {
    const { authorization } = await setUp();
    const response = await get("support", authorization);
    expect(response.status).toBe(200);
    const body = (await response.json()) as BudgetBody;

    const tools = await listAgentTools("support");
    const expected = contextBudget(Object.fromEntries(PROVIDER_FORMATS.map((format) => [format, toProviderSpecs(tools, format)])) as unknown as SpecLists);
    const documented = (runtimeOpenApiDocument() as { components: { schemas: { ContextBudget: { required: string[] } } } }).components.schemas.ContextBudget;
    expect(Object.keys(body).sort()).toEqual([...documented.required].sort());
    expect(body.persona).toBe("support");
    expect(body.tool_count).toBe(2);
    for (const format of PROVIDER_FORMATS) expect(body.providers[format]).toMatchObject({ tokens: expected.providers[format].tokens, measure: expected.providers[format].measure });
    expect(body.providers.openai!.tokens).toBeGreaterThan(0);
    expect(body.providers.anthropic!.measure).toBe("estimated");
    expect(body.most_expensive.map((tool) => tool.name)).toEqual(["list_orders", "ping_service"]);
    expect(body.most_expensive[0]).toMatchObject({ driver: "enums", reason: expect.stringMatching(/^large enums \(40 values/) });
    expect(body.client_limits.every((limit) => !limit.exceeded)).toBe(true);

    await setPersonaToolEnabled("support", "list_orders", false, SYSTEM_ACTOR);
    const after = (await (await get("support", authorization)).json()) as BudgetBody;
    expect(after.tool_count).toBe(1);
    expect(after.most_expensive.map((tool) => tool.name)).toEqual(["ping_service"]);
    expect(after.providers.openai!.tokens).toBeLessThan(body.providers.openai!.tokens);
  });

  it("in search mode measures every effective tool still, and says what the meta-tools listed instead cost", async () => {
    const { authorization } = await setUp();
    const before = (await (await get("support", authorization)).json()) as BudgetBody;
    expect(before.search_mode).toBeNull();
    await setPersonaSearchMode("support", true, SYSTEM_ACTOR);
    const response = await get("support", authorization);
    expect(response.status).toBe(200);
    const body = (await response.json()) as BudgetBody;
    expect([body.tool_count, body.providers.openai!.tokens]).toEqual([before.tool_count, before.providers.openai!.tokens]);
    const meta = contextBudget(Object.fromEntries(PROVIDER_FORMATS.map((format) => [format, toProviderSpecs(META_TOOLS, format)])) as unknown as SpecLists);
    expect(body.search_mode).toEqual({ tool_count: META_TOOLS.length, tokens: Object.fromEntries(PROVIDER_FORMATS.map((format) => [format, meta.providers[format].tokens])) });
  });
});
