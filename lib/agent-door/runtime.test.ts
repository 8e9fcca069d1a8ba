/**
 * The composition layer against a real database (SQLite, and PostgreSQL when reachable): the live
 * catalog calls a stored tool with its secret decrypted only on the wire, persona toggles refuse
 * unknown tools without changing anything. The dashboard's tool list is tested in tool-list.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPersona, getPersona } from "../personas/server/personas";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator, newSecretValues, plainTool } from "../db/test-support/fixtures";
import { deleteTool, saveTool } from "../catalog/tool-saves";
import { generateEncryptionKey, loadKeyring } from "../secrets/keyring";
import { NotFoundError } from "../errors";
import { BUILTIN_TOOL_NAMES, DEFAULT_EXECUTION_CONFIG, parseToolDefinition } from "../tools";
import { reply, startUpstream, type Upstream } from "../tools/testing";
import { listResolvedPersonas, togglePersonaTool } from "../personas/server/persona-tools";
import { describeCleanup, removeStaleToolNames } from "../personas/server/stale-tool-names";
import { loadToolCatalog } from "../catalog/tool-catalog";

process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
const keyring = loadKeyring(process.env);
const token = "Bearer sk-runtime-0123456789abcdef";
const targets = await databaseTargets();

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((request, response) => reply(response, 200, { echoed: request.headers.authorization, status: "ok" }));
});
afterAll(() => upstream.close());

describe.each(targets)("runtime on $name", (target) => {
  const db = useTestDatabase(target);

  async function saveEchoTool() {
    const actor = await insertOperator(db(), "ops@example.com");
    const definition = parseToolDefinition({
      name: "echo_status",
      description: "Echoes the request back.",
      request: { method: "GET", url: `${upstream.origin}/status`, headers: { Authorization: "" } },
      response: { extract: "json_path", path: "status" },
      secret_headers: ["Authorization"],
      group: "ops",
    });
    await saveTool({ definition, secrets: newSecretValues(keyring, { Authorization: token }), baseVersion: null, actor });
    return actor;
  }

  it("the catalog holds the built-ins and stored tools; a call decrypts the secret only on the wire", async () => {
    await saveEchoTool();
    const config = { ...DEFAULT_EXECUTION_CONFIG, allowlist: ["127.0.0.0/8"] };
    const catalog = await loadToolCatalog(config);
    expect(catalog.map((tool) => tool.name)).toEqual([...BUILTIN_TOOL_NAMES, "echo_status"]);

    const response = await catalog.at(-1)!.call({}, { context: {} });
    expect(response).toMatchObject({ ok: true, content: "ok" });
    expect(upstream.requests.at(-1)!.headers.authorization).toBe(token);
    expect(JSON.stringify(response)).not.toContain(token);
  });

  it("serves a tool deleted and created again under the same name with its new definition", async () => {
    const actor = await saveEchoTool();
    const config = { ...DEFAULT_EXECUTION_CONFIG, allowlist: ["127.0.0.0/8"] };
    expect((await loadToolCatalog(config)).at(-1)!.description).toBe("Echoes the request back.");
    await deleteTool("echo_status", 1, actor);
    await saveTool({ definition: plainTool({ name: "echo_status", description: "The new echo." }), baseVersion: null, actor });
    expect((await loadToolCatalog(config)).at(-1)!.description).toBe("The new echo.");
  });

  it("leaves a stored definition that no longer validates out of the catalog, keeping the rest", async () => {
    const actor = await saveEchoTool();
    await saveTool({ definition: plainTool({ name: "weather_now" }), baseVersion: null, actor });
    await db().tool.update({ where: { name: "weather_now" }, data: { definition: JSON.stringify({ name: "weather_now" }) } });
    const names = (await loadToolCatalog()).map((tool) => tool.name);
    expect(names).toContain("echo_status");
    expect(names).not.toContain("weather_now");
  });

  it("toggling an unknown tool is refused and changes nothing", async () => {
    const actor = await saveEchoTool();
    await createPersona({ slug: "support", name: "Support" }, actor);
    await expect(togglePersonaTool("support", "no_such_tool", false, actor)).rejects.toBeInstanceOf(NotFoundError);
    expect((await getPersona("support"))!.disabledTools).toEqual([]);

    await togglePersonaTool("support", "echo_status", false, actor);
    expect((await getPersona("support"))!.disabledTools).toEqual(["echo_status"]);
  });

  it("resolves every persona against the live catalog, children inheriting the grant", async () => {
    const actor = await saveEchoTool();
    await createPersona({ slug: "base", name: "Base", grant: ["echo_status", "current_time", "deleted_tool"] }, actor);
    await createPersona({ slug: "child", name: "Child", parentSlug: "base", disabledTools: ["current_time"] }, actor);
    const { personas, catalogSize } = await listResolvedPersonas();
    expect(catalogSize).toBe(BUILTIN_TOOL_NAMES.length + 1);
    const child = personas.find((entry) => entry.persona.slug === "child")!;
    expect(child.resolution.available.map((tool) => tool.name)).toEqual(["echo_status"]);
    expect(child.resolution.explanations.find((entry) => entry.tool === "convert_units")!.reason).toBe("outside the grant inherited from base");
    expect(child.grantSummary).toBe("inherits the grant of base");
    const base = personas.find((entry) => entry.persona.slug === "base")!;
    expect(base.grantSummary).toBe("grant: 3 tools");
    expect(base.staleNames).toEqual(["deleted_tool"]);
    expect(child.staleNames).toEqual([]);
  });

  it("cleans stale names: an editor from the disabled list only, an admin from the grant too", async () => {
    const actor = await saveEchoTool();
    await createPersona({ slug: "old", name: "Old", grant: ["echo_status", "retired_tool"], disabledTools: ["gone_tool", "echo_status"] }, actor);

    const byEditor = await removeStaleToolNames("old", actor, false);
    expect(byEditor).toEqual({ removedFromDisabled: ["gone_tool"], removedFromGrant: [], leftInGrant: ["retired_tool"] });
    expect(describeCleanup(byEditor)).toBe("Removed gone_tool. retired_tool stays in the grant: only an admin can change it.");
    expect(await getPersona("old")).toMatchObject({ grant: ["echo_status", "retired_tool"], disabledTools: ["echo_status"] });

    const byAdmin = await removeStaleToolNames("old", actor, true);
    expect(byAdmin).toEqual({ removedFromDisabled: [], removedFromGrant: ["retired_tool"], leftInGrant: [] });
    expect(await getPersona("old")).toMatchObject({ grant: ["echo_status"], disabledTools: ["echo_status"] });

    const version = (await getPersona("old"))!.version;
    expect(describeCleanup(await removeStaleToolNames("old", actor, true))).toBe("Nothing to remove.");
    expect((await getPersona("old"))!.version).toBe(version);
    await expect(removeStaleToolNames("missing", actor, true)).rejects.toBeInstanceOf(NotFoundError);
  });
});
