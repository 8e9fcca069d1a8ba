import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { toolSecretAssociatedData } from "../secrets/binding";
import { decryptSecret, sealSecret } from "../secrets/encryption";
import { maskSecret } from "../secrets/mask";
import { BUILTIN_TOOL_NAMES, serializeToolDefinition, withoutSecretValues, type ToolDefinition } from "../tools";
import { listAuditEvents } from "../audit/audit-log";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator, newSecretValues, plainTool, referenceTool, testKeyring } from "../db/test-support/fixtures";
import { refusalChecker, rowCounts } from "../db/test-support/raw-rows";
import { getToolRevision, listToolRevisions } from "./tool-revisions";
import { deleteTool, restoreToolRevision, saveTool } from "./tool-saves";
import { getToolSecretsForExecution } from "./tool-secrets";
import { getTool, listToolDefinitions, listTools } from "./tools";

const targets = await databaseTargets();
const keyring = testKeyring();

/** Creates a tool as the system (no operator row needed), with new secret values (header → plaintext). */
function create(definition: ToolDefinition, values: Record<string, string> = {}) {
  return saveTool({ definition, secrets: newSecretValues(keyring, values), baseVersion: null, actor: SYSTEM_ACTOR });
}

/** Saves `definition` over `baseVersion` as the system. */
function update(definition: ToolDefinition, baseVersion: number, values: Record<string, string> = {}) {
  return saveTool({ definition, secrets: newSecretValues(keyring, values), baseVersion, actor: SYSTEM_ACTOR });
}

/** The plaintext secret values of tool `name`, decrypted as the executor does. */
async function decryptedSecrets(name: string): Promise<Record<string, string>> {
  const stored = await getToolSecretsForExecution(name);
  return Object.fromEntries(stored.map((secret) => [secret.header, decryptSecret(secret, keyring, secret.associatedData)]));
}

describe.each(targets)("tools on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);
  const counts = () => rowCounts(db(), target.name);

  it("creates a tool: list columns, revision 1, secret masks and an audit event", async () => {
    const ana = await insertOperator(db(), "ana@example.com");
    const definition = referenceTool();
    const plaintext = "Bearer sk-live-abcdefghijkl";
    const saved = await saveTool({ definition, secrets: newSecretValues(keyring, { Authorization: plaintext }), baseVersion: null, actor: ana });
    expect(saved).toEqual({
      id: expect.any(String), name: "lookup_order", version: 1, unchanged: false, previousName: null,
      droppedSecrets: [], unsetSecrets: [], renamedInPersonas: [],
    });
    const secret = { mask: maskSecret(plaintext) };

    const tool = await getTool("lookup_order");
    expect(tool).toMatchObject({ name: "lookup_order", version: 1, updatedBy: "ana@example.com" });
    expect(tool!.definition).toEqual(JSON.parse(serializeToolDefinition(withoutSecretValues(definition))));
    expect(tool!.definition.request.headers).toEqual({ Authorization: "" });
    expect(tool!.secrets).toEqual([{ header: "Authorization", mask: secret.mask }]);
    expect(Object.keys(tool!).sort()).toEqual(["createdAt", "definition", "id", "name", "secrets", "updatedAt", "updatedBy", "version"]);

    expect(await listTools()).toEqual([
      expect.objectContaining({ name: "lookup_order", group: "orders", tags: ["b2b"], method: "GET", sideEffect: false, version: 1 }),
    ]);
    expect(await listToolRevisions("lookup_order")).toEqual([expect.objectContaining({ version: 1, createdBy: "ana@example.com" })]);
    expect(await getToolSecretsForExecution("lookup_order")).toEqual([{
      header: "Authorization", keyId: keyring.activeKeyId, ciphertext: expect.stringMatching(/^v1\./),
      associatedData: toolSecretAssociatedData(saved.id, "Authorization"),
    }]);
    expect(await decryptedSecrets("lookup_order")).toEqual({ Authorization: plaintext });
    const [event] = (await listAuditEvents({ targetType: "tool" })).events;
    expect(event).toMatchObject({ action: "tool.create", actorId: ana.id, actorEmail: "ana@example.com", before: null });
    expect(event!.after).toMatchObject({ secrets: [{ header: "Authorization", mask: secret.mask }], changedSecrets: ["Authorization"] });
  });

  it("updates from the current version: version n+1, secrets replaced, before and after audited", async () => {
    await create(referenceTool(), { Authorization: "first-secret-value" });
    const definition = referenceTool({ description: "Look up an order." });
    const secrets = newSecretValues(keyring, { authorization: "second-secret-value" });
    const saved = await saveTool({ definition, secrets, baseVersion: 1, actor: SYSTEM_ACTOR, note: "shorter" });
    expect(saved.version).toBe(2);
    expect(await decryptedSecrets("lookup_order")).toEqual({ Authorization: "second-secret-value" });
    expect((await getTool("lookup_order"))!.secrets).toEqual([{ header: "Authorization", mask: maskSecret("second-secret-value") }]);
    const history = (await listToolRevisions("lookup_order")).map((revision) => [revision.version, revision.note]);
    expect(history).toEqual([[2, "shorter"], [1, null]]);
    expect((await getToolRevision("lookup_order", 1))?.definition.description).toBe("Look up an order by id and return its status.");

    const [update] = (await listAuditEvents({ action: "tool.update" })).events;
    expect(update!.before).toMatchObject({ definition: { description: "Look up an order by id and return its status." } });
    expect(update!.after).toMatchObject({ definition: { description: "Look up an order." }, changedSecrets: ["Authorization"] });
  });

  it("refuses a stale version with who, when, the versions and the changed fields, and writes nothing", async () => {
    const ana = await insertOperator(db(), "ana@example.com");
    const bo = await insertOperator(db(), "bo@example.com");
    await saveTool({ definition: plainTool(), baseVersion: null, actor: ana });
    const changedUrl = plainTool({ request: { method: "GET", url: "https://api.example.com/v2/weather?q={{city}}" } });
    await saveTool({ definition: changedUrl, baseVersion: 1, actor: bo });

    const error = await refused(
      () => saveTool({ definition: plainTool({ description: "Mine." }), baseVersion: 1, actor: ana }),
      ConflictError,
    );
    const message = error.message;
    const { updatedAt } = (await getTool("get_weather"))!;
    for (const part of ["bo@example.com", updatedAt.toISOString(), "now at version 2", "based on version 1", "request.url"]) {
      expect(message).toContain(part);
    }
    expect(message).not.toContain("description");
  });

  it("lets exactly one of two simultaneous saves from the same version win", async () => {
    await create(plainTool());
    const results = await Promise.allSettled([
      update(plainTool({ description: "First." }), 1),
      update(plainTool({ description: "Second." }), 1),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [rejected] = results.filter((result) => result.status === "rejected");
    expect(rejected?.reason).toBeInstanceOf(ConflictError);
    expect(await counts()).toMatchObject({ tools: 1, tool_revisions: 2, audit_events: 2 });
  });

  it("lets exactly one of two simultaneous creations of a name win", async () => {
    const results = await Promise.allSettled([create(plainTool()), create(plainTool({ description: "Other." }))]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const [rejected] = results.filter((result) => result.status === "rejected");
    expect(rejected?.reason).toBeInstanceOf(ValidationError);
    expect((rejected?.reason as ValidationError).issues).toEqual([{ path: "name", message: expect.stringMatching(/another tool is already named/) }]);
    expect(await counts()).toMatchObject({ tools: 1, tool_revisions: 1, audit_events: 1 });
  });

  it("refuses creating a name that exists, and editing a tool that does not, writing nothing", async () => {
    await create(plainTool());
    // A field error on the name (the editor marks it and links the existing tool), not a stale-version conflict.
    const taken = await refused(() => create(plainTool({ description: "Other." })), ValidationError);
    expect((taken as ValidationError).issues).toEqual([{ path: "name", message: `another tool is already named ${plainTool().name}; choose another name` }]);
    await refused(() => update(referenceTool(), 3), NotFoundError);
  });

  it("leaves nothing behind when the save fails midway (the audit insert: unknown actor)", async () => {
    const ghost = { id: "00000000-0000-0000-0000-000000000000", email: "ghost@example.com" };
    const secret = newSecretValues(keyring, { Authorization: "never-stored-value" });
    await refused(() => saveTool({ definition: referenceTool(), secrets: secret, baseVersion: null, actor: ghost }), Error);
    expect(await counts()).toMatchObject({ tools: 0, tool_revisions: 0, tool_secrets: 0, audit_events: 0 });

    await saveTool({ definition: referenceTool(), secrets: secret, baseVersion: null, actor: SYSTEM_ACTOR });
    const replacement = newSecretValues(keyring, { Authorization: "other-value-123" });
    await refused(
      () => saveTool({ definition: referenceTool({ description: "Changed." }), secrets: replacement, baseVersion: 1, actor: ghost }),
      Error,
    );
    const tool = await getTool("lookup_order");
    expect(tool).toMatchObject({ version: 1, secrets: [{ header: "Authorization", mask: maskSecret("never-stored-value") }] });
    expect(tool!.definition.description).toBe("Look up an order by id and return its status.");
  });

  it.each([
    { problem: "a mask when nothing is stored", value: maskSecret("Bearer sk-never-stored-1") },
    { problem: "a value with a line break", value: "Bearer sk-one\r\nX-Injected: 1" },
  ])("refuses $problem before writing, naming the header but not the value", async ({ value }) => {
    const error = await refused(() => create(referenceTool(), { Authorization: value }), ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(["request.headers.Authorization"]);
    expect(error.message).not.toContain(value);
  });

  it("stores no value submitted for a header that is not secret", async () => {
    await create(referenceTool(), { "X-Other": "not-a-secret-header-value", Authorization: "Bearer sk-kept-0123456789" });
    expect(await decryptedSecrets("lookup_order")).toEqual({ Authorization: "Bearer sk-kept-0123456789" });
  });

  it.each(BUILTIN_TOOL_NAMES)("refuses a new tool named like the built-in %s, writing nothing", async (name) => {
    const error = await refused(() => create(referenceTool({ name }), { Authorization: "never-stored-value" }), ValidationError);
    expect((error as ValidationError).issues).toEqual([
      { path: "name", message: `${name} is the name of a built-in code tool; choose another name` },
    ]);
  });

  it("refuses to save over or restore a tool stored under a built-in's name before the rule, writing nothing", async () => {
    // Such a row can only come from before the rule existed, so it is inserted directly.
    const definition = referenceTool({ name: "current_time" });
    const text = serializeToolDefinition(withoutSecretValues(definition));
    const secret = sealSecret("legacy-secret-value", keyring);
    const tool = await db().tool.create({
      data: {
        name: "current_time", description: definition.description, group: definition.group, tags: "[]",
        method: "GET", sideEffect: false, definition: text, updatedBy: SYSTEM_ACTOR.email, version: 1,
      },
    });
    await db().toolRevision.create({ data: { toolId: tool.id, version: 1, definition: text, createdBy: SYSTEM_ACTOR.email } });
    await db().toolSecret.create({ data: { ...secret, header: "Authorization", toolId: tool.id } });

    for (const attempt of [
      () => restoreToolRevision("current_time", 1, 1, SYSTEM_ACTOR),
      () => update(referenceTool({ name: "current_time", description: "Changed." }), 1, { Authorization: "new-secret-value" }),
    ]) {
      const error = await refused(attempt, ValidationError);
      expect((error as ValidationError).issues).toEqual([
        { path: "name", message: "current_time is the name of a built-in code tool; choose another name" },
      ]);
    }
    expect(await getTool("current_time")).toMatchObject({ version: 1, secrets: [{ header: "Authorization", mask: secret.mask }] });
  });

  it("lists every definition with its tool's id, which a tool created again under a deleted one's name does not share", async () => {
    await create(plainTool());
    await update(plainTool({ description: "Second." }), 1);
    const [first] = await listToolDefinitions();
    expect(first).toMatchObject({ id: (await getTool("get_weather"))!.id, name: "get_weather", version: 2 });
    expect(first!.definition.description).toBe("Second.");

    await deleteTool("get_weather", 2, SYSTEM_ACTOR);
    await create(plainTool());
    const [again] = await listToolDefinitions();
    expect(again).toMatchObject({ id: (await getTool("get_weather"))!.id, name: "get_weather", version: 1 });
    expect(again!.id).not.toBe(first!.id);
  });

  it("restores a revision as a new one, keeping only the secrets it still declares", async () => {
    await create(plainTool());
    const withSecret = plainTool({
      request: { method: "GET", url: "https://api.example.com/weather?q={{city}}", headers: { "X-Key": "k" } },
      secret_headers: ["X-Key"],
    });
    await update(withSecret, 1, { "X-Key": "weather-key-123456" });

    await refused(() => restoreToolRevision("get_weather", 1, 1, SYSTEM_ACTOR), ConflictError);
    await refused(() => restoreToolRevision("get_weather", 7, 2, SYSTEM_ACTOR), NotFoundError);
    await refused(() => restoreToolRevision("nope", 1, 1, SYSTEM_ACTOR), NotFoundError);
    const restored = await restoreToolRevision("get_weather", 1, 2, SYSTEM_ACTOR);
    expect(restored.version).toBe(3);
    const tool = await getTool("get_weather");
    expect(tool!.definition).toEqual((await getToolRevision("get_weather", 1))!.definition);
    expect(tool!.secrets).toEqual([]);
    expect((await listToolRevisions("get_weather"))[0]).toMatchObject({ version: 3, note: "Restored from version 1" });
  });

  it("deletes a tool with its revisions and secrets, only from the current version", async () => {
    await create(referenceTool(), { Authorization: "delete-me-please" });
    await update(referenceTool({ timeout: 20 }), 1);
    await refused(() => deleteTool("lookup_order", 1, SYSTEM_ACTOR), /now at version 2/);
    await deleteTool("lookup_order", 2, SYSTEM_ACTOR);
    expect(await getTool("lookup_order")).toBeNull();
    expect(await counts()).toMatchObject({ tools: 0, tool_revisions: 0, tool_secrets: 0 });
    const [event] = (await listAuditEvents({ action: "tool.delete" })).events;
    expect(event).toMatchObject({ targetName: "lookup_order", after: null, before: { definition: { timeout: 20 } } });
    await refused(() => deleteTool("lookup_order", 2, SYSTEM_ACTOR), NotFoundError);
  });

  it("answers unknown names with null, [] or NotFoundError", async () => {
    expect(await getTool("nope")).toBeNull();
    expect(await getToolRevision("nope", 1)).toBeNull();
    expect(await getToolSecretsForExecution("nope")).toEqual([]);
    await expect(listToolRevisions("nope")).rejects.toThrow(NotFoundError);
  });
});
