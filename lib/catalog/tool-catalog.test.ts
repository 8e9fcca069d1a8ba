/**
 * The catalog's one-tool lookup and where a call's secrets come from (issue 15): secrets are read
 * by tool id and version, so a call keeps its secret across a rename and never sends a definition
 * with the secrets of a later version.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator, newSecretValues, plainTool } from "../db/test-support/fixtures";
import { deleteTool, saveTool } from "./tool-saves";
import { generateEncryptionKey, loadKeyring } from "../secrets/keyring";
import { maskSecret } from "../secrets/mask";
import { dataTool, DEFAULT_EXECUTION_CONFIG, parseToolDefinition } from "../tools";
import { reply, startUpstream, type Upstream } from "../tools/testing";
import { loadCatalogTool, toolSecretSource } from "./tool-catalog";

process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
const keyring = loadKeyring(process.env);
const TOKEN = "Bearer sk-catalog-0123456789abcdef";
const CONFIG = { ...DEFAULT_EXECUTION_CONFIG, allowlist: ["127.0.0.1"] };
const targets = await databaseTargets();

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((_request, response) => reply(response, 200, "ok"));
});
afterAll(() => upstream.close());

describe.each(targets)("tool catalog on $name", (target) => {
  const db = useTestDatabase(target);

  function definition(name: string, description = "Calls the loopback API.") {
    return parseToolDefinition({
      name,
      description,
      request: { method: "GET", url: `${upstream.origin}/x`, headers: { Authorization: "" } },
      secret_headers: ["Authorization"],
    });
  }

  async function storeTool() {
    const actor = await insertOperator(db(), "ops@example.com");
    const saved = await saveTool({ definition: definition("call_api"), secrets: newSecretValues(keyring, { Authorization: TOKEN }), baseVersion: null, actor });
    return { actor, saved };
  }

  it("finds one tool: a built-in as code, a stored one with its id, version and secret masks", async () => {
    const { saved } = await storeTool();
    expect(await loadCatalogTool("current_time")).toMatchObject({ origin: "code", tool: { name: "current_time" } });
    expect(await loadCatalogTool("call_api")).toMatchObject({
      origin: "data",
      id: saved.id,
      version: 1,
      definition: { name: "call_api" },
      secretMasks: [{ header: "Authorization", mask: maskSecret(TOKEN) }],
    });
    expect(await loadCatalogTool("nope")).toBeNull();
  });

  it("leaves out a stored definition that no longer validates", async () => {
    const actor = await insertOperator(db(), "ops@example.com");
    await saveTool({ definition: plainTool({ name: "weather_now" }), baseVersion: null, actor });
    await db().tool.update({ where: { name: "weather_now" }, data: { definition: JSON.stringify({ name: "weather_now" }) } });
    expect(await loadCatalogTool("weather_now")).toBeNull();
  });

  it("reads a call's secrets by id: a rename in between keeps them", async () => {
    const { actor, saved } = await storeTool();
    const source = toolSecretSource(saved.id, 1);
    await db().tool.update({ where: { id: saved.id }, data: { name: "renamed_api" } });
    expect(await source()).toEqual({ Authorization: TOKEN });
    await deleteTool("renamed_api", 1, actor);
    await expect(source()).rejects.toThrow("The tool changed while it was being called");
  });

  it("never sends a version with another version's secrets: the call fails and nothing is sent", async () => {
    const { actor, saved } = await storeTool();
    const loaded = await loadCatalogTool("call_api");
    await saveTool({ definition: definition("call_api", "A newer version."), baseVersion: 1, actor });
    if (loaded?.origin !== "data") throw new Error("expected a data tool");

    const sent = upstream.requests.length;
    const stale = dataTool(loaded.definition, { secrets: toolSecretSource(saved.id, loaded.version), config: CONFIG });
    expect(await stale.call({}, { context: {} })).toMatchObject({ ok: false, errorType: "execution_error", message: "Could not read the tool's secrets" });
    expect(upstream.requests.length).toBe(sent);

    const current = dataTool(loaded.definition, { secrets: toolSecretSource(saved.id, 2), config: CONFIG });
    expect(await current.call({}, { context: {} })).toMatchObject({ ok: true });
    expect(upstream.requests.at(-1)!.headers.authorization).toBe(TOKEN);
  });
});
