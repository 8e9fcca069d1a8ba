/**
 * Import and export (issue 8) on both databases: all or nothing (one bad tool of ten imports
 * nothing and is named; a failure half-way leaves nothing), conflicts need a choice per tool,
 * overwrite is a new revision that keeps secrets only where header and origin still match, the
 * SPEC §1.1 reference document imports unchanged, and no secret value reaches the store, the
 * report or the audit trail.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { listAuditEvents } from "../audit/audit-log";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { newSecretValues, referenceTool, testKeyring } from "../db/test-support/fixtures";
import { dumpAllTables, dumpText, refusalChecker, rowCounts } from "../db/test-support/raw-rows";
import { listToolRevisions } from "../catalog/tool-revisions";
import { saveTool } from "../catalog/tool-saves";
import { getToolSecretsForExecution } from "../catalog/tool-secrets";
import { getTool } from "../catalog/tools";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { decryptSecret } from "../secrets/encryption";
import { parseToolDefinition, toPersistedForm, withoutSecretValues } from "../tools";
import { documentWith } from "../tools/testing";
import { exportTools } from "../catalog/tool-export";
import { ImportConflictError, importTools, previewImport } from "./tool-import";

const targets = await databaseTargets();
const keyring = testKeyring();
const TOKEN = "Bearer sk-live-import-0123456789";

/** SPEC §1.1's example, exactly as the specification prints it. */
const SPEC_EXAMPLE = `{
  "name": "lookup_order",
  "description": "Look up an order by id and return its status.",
  "parameters": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]},
  "request": {"method": "GET", "url": "https://api.example.com/orders/{{order_id}}",
              "headers": {"Authorization": "Bearer sk-…"}, "query": {"tenant": "{{ctx.tenant}}"}, "body": null},
  "response": {"extract": "json_path", "path": "data.status"},
  "secret_headers": ["Authorization"],
  "side_effect": false, "timeout": 10, "group": "orders", "tags": ["b2b"],
  "halt_when": {"json_path": "action", "equals": ["ESCALATE"], "say": {"text": "CALL_SUPPORT"}},
  "evidence": null
}`;

/** Ten valid definitions tool_0 … tool_9, in persisted form. */
function tenTools(): Record<string, unknown>[] {
  return Array.from({ length: 10 }, (_, index) => documentWith({ name: `tool_${index}`, description: `Tool number ${index}.` }));
}

const exported = (tools: unknown[]) => ({ format: "quiver.tools", version: 1, tools });

describe.each(targets)("tool import and export on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);

  async function storeLookupOrderWithToken() {
    await saveTool({ definition: referenceTool(), secrets: newSecretValues(keyring, { Authorization: TOKEN }), baseVersion: null, actor: SYSTEM_ACTOR });
  }

  it("imports the SPEC §1.1 reference document unchanged, without its secret value", async () => {
    const report = await importTools(JSON.parse(SPEC_EXAMPLE), {}, SYSTEM_ACTOR);
    expect(report).toEqual({
      created: ["lookup_order"], updated: [], unchanged: [], skipped: [],
      secretsToEnter: [{ tool: "lookup_order", header: "Authorization", reason: "not_imported" }],
      ignoredSecretValues: [{ tool: "lookup_order", header: "Authorization" }],
      warnings: [],
      createdCredentials: [],
    });
    const document = JSON.parse(SPEC_EXAMPLE);
    document.request.headers.Authorization = "";
    const tool = await getTool("lookup_order");
    expect(tool!.definition).toEqual(toPersistedForm(parseToolDefinition(document)));
    expect(tool!.secrets).toEqual([]);
    expect((await listToolRevisions("lookup_order"))[0]).toMatchObject({ version: 1, note: "Imported" });
    const [event] = (await listAuditEvents({ targetType: "tool" })).events;
    expect(event).toMatchObject({ action: "tool.create", after: { note: "Imported" } });
    expect(dumpText(await dumpAllTables(db(), target.name))).not.toContain("Bearer sk-");
    expect(JSON.stringify(report)).not.toContain("Bearer sk-");
  });

  it.each([
    ["a bare list", (tools: unknown[]) => tools],
    ["a Quiver export", exported],
  ])("imports %s of definitions, in document order", async (_case, wrap) => {
    const report = await importTools(wrap(tenTools().slice(0, 3)), {}, SYSTEM_ACTOR);
    expect(report.created).toEqual(["tool_0", "tool_1", "tool_2"]);
    expect(await rowCounts(db(), target.name)).toMatchObject({ tools: 3, tool_revisions: 3, audit_events: 3 });
  });

  it("imports nothing when one tool of ten is bad, and names it at its path", async () => {
    const tools = tenTools();
    tools[6] = documentWith({ name: "tool_6", request: { method: "GET", url: "ftp://files.example.com/x" } });
    const error = await refused(() => importTools(exported(tools), {}, SYSTEM_ACTOR), ValidationError);
    const issues = (error as ValidationError).issues;
    expect(issues.map((issue) => issue.path)).toEqual(["tools[6].request.url"]);
    expect(issues[0]!.message).toMatch(/^tool_6: /);
  });

  it("lists every problem of every tool: each tool's errors, repeated names, built-ins' names", async () => {
    const document = [
      documentWith({ name: "get_weather" }),
      documentWith({ name: "Bad Name", description: " " }),
      documentWith({ name: "get_weather" }),
      documentWith({ name: "current_time" }),
      { description: "No name." },
    ];
    const error = await refused(() => importTools(document, {}, SYSTEM_ACTOR), ValidationError);
    const issues = (error as ValidationError).issues;
    expect(issues.map((issue) => issue.path)).toEqual(expect.arrayContaining([
      "[1].name", "[1].description", "[2].name", "[3].name", "[4].name", "[4].request",
    ]));
    expect(issues.find((issue) => issue.path === "[2].name")!.message).toBe("get_weather: appears more than once in the document (first at [0])");
    expect(issues.find((issue) => issue.path === "[3].name")!.message).toMatch(/^current_time: is the name of a built-in code tool/);
    expect(issues.find((issue) => issue.path === "[1].description")!.message).toMatch(/^Bad Name: /);
    expect(issues.find((issue) => issue.path === "[4].request")!.message).toMatch(/^tool 5: /);
  });

  it.each([
    ["not a document at all", 42, [""]],
    ["an empty list", [], [""]],
    ["an export of another format and version, with a stray key", { format: "other", version: 2, tools: [], extra: 1 }, ["extra", "format", "version"]],
    ["an export without a list", { format: "quiver.tools", version: 1, tools: {} }, ["tools"]],
  ])("refuses %s", async (_case, document, paths) => {
    const error = await refused(() => importTools(document, {}, SYSTEM_ACTOR), ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(paths);
  });

  it("never imports a secret query key's value from a document: emptied, reported, nowhere in the store", async () => {
    const document = JSON.parse(SPEC_EXAMPLE);
    document.name = "geocode_imported";
    document.request.query = { address: "{{order_id}}", key: "doc-query-secret-0123456789" };
    document.secret_query = ["key"];
    const report = await importTools(document, {}, SYSTEM_ACTOR);
    expect(report.ignoredSecretValues).toEqual([{ tool: "geocode_imported", header: "Authorization" }, { tool: "geocode_imported", header: "?key" }]);
    expect(report.secretsToEnter).toEqual(expect.arrayContaining([{ tool: "geocode_imported", header: "?key", reason: "not_imported" }]));
    const stored = await getTool("geocode_imported");
    expect(stored!.definition.request.query).toEqual({ address: "{{order_id}}", key: "" });
    expect(stored!.secrets).toEqual([]);
    expect(dumpText(await dumpAllTables(db(), target.name))).not.toContain("doc-query-secret");
  });

  it("refuses existing names without a choice, listing them, and writes nothing", async () => {
    await storeLookupOrderWithToken();
    await saveTool({ definition: parseToolDefinition(documentWith({ name: "tool_1" })), baseVersion: null, actor: SYSTEM_ACTOR });
    const document = exported([...tenTools().slice(0, 3), JSON.parse(SPEC_EXAMPLE)]);
    const error = await refused(() => importTools(document, {}, SYSTEM_ACTOR), ImportConflictError);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ImportConflictError).conflicts).toEqual(["tool_1", "lookup_order"]);
    expect(error.message).toContain("tool_1, lookup_order");
    await refused(() => importTools(document, { tool_1: "skip", lookup_order: "replace" as "skip" }, SYSTEM_ACTOR), ValidationError);
  });

  it("skips or overwrites per choice: an overwrite is a new revision keeping secrets whose header and origin match", async () => {
    await storeLookupOrderWithToken();
    await saveTool({ definition: parseToolDefinition(documentWith({ name: "tool_1" })), baseVersion: null, actor: SYSTEM_ACTOR });
    const changed = { ...JSON.parse(SPEC_EXAMPLE), description: "Imported description." };
    const report = await importTools([tenTools()[1], changed, tenTools()[2]], { tool_1: "skip", lookup_order: "overwrite" }, SYSTEM_ACTOR);
    expect(report).toMatchObject({ created: ["tool_2"], updated: ["lookup_order"], skipped: ["tool_1"], unchanged: [], secretsToEnter: [] });
    expect(report.ignoredSecretValues).toEqual([{ tool: "lookup_order", header: "Authorization" }]);

    expect(await getTool("tool_1")).toMatchObject({ version: 1 });
    expect((await listToolRevisions("lookup_order"))[0]).toMatchObject({ version: 2, note: "Imported" });
    expect((await getTool("lookup_order"))!.definition.description).toBe("Imported description.");
    const [secret] = await getToolSecretsForExecution("lookup_order");
    expect(decryptSecret(secret!, keyring, secret!.associatedData)).toBe(TOKEN);
    const auditText = JSON.stringify((await listAuditEvents()).events);
    expect(auditText).not.toContain(TOKEN);
    expect(auditText).not.toContain("Bearer sk-…");
  });

  it("an overwrite pointing the tool at another origin drops its secret and asks for it", async () => {
    await storeLookupOrderWithToken();
    const moved = JSON.parse(SPEC_EXAMPLE);
    moved.request.url = "https://collector.example.net/orders/{{order_id}}";
    moved.request.headers.Authorization = "";
    const report = await importTools(moved, { lookup_order: "overwrite" }, SYSTEM_ACTOR);
    expect(report.secretsToEnter).toEqual([{ tool: "lookup_order", header: "Authorization", reason: "origin_changed" }]);
    expect(report.ignoredSecretValues).toEqual([]);
    expect(await getToolSecretsForExecution("lookup_order")).toEqual([]);
  });

  it("leaves nothing when a write fails half-way", async () => {
    // A row whose stored definition cannot be read makes overwriting it fail after tool_0 was written.
    await db().tool.create({
      data: { name: "tool_1", description: "Broken.", tags: "[]", method: "GET", sideEffect: false, definition: "{}", updatedBy: "system", version: 1 },
    });
    await refused(() => importTools(tenTools().slice(0, 2), { tool_1: "overwrite" }, SYSTEM_ACTOR), TypeError);
  });

  it("exports persisted forms sorted by name with empty secret values; importing the export over itself changes nothing", async () => {
    await storeLookupOrderWithToken();
    await importTools(tenTools().slice(0, 2).reverse(), {}, SYSTEM_ACTOR);
    const document = await exportTools("all");
    expect(document.format).toBe("quiver.tools");
    expect(document.version).toBe(1);
    expect(document.tools.map((tool) => tool.name)).toEqual(["lookup_order", "tool_0", "tool_1"]);
    expect(document.tools[0]).toEqual(toPersistedForm(withoutSecretValues(referenceTool())));
    expect(JSON.stringify(document)).not.toContain(TOKEN);

    const before = await dumpAllTables(db(), target.name);
    const report = await importTools(JSON.parse(JSON.stringify(document)), { lookup_order: "overwrite", tool_0: "overwrite", tool_1: "overwrite" }, SYSTEM_ACTOR);
    expect(report).toMatchObject({ unchanged: ["lookup_order", "tool_0", "tool_1"], updated: [], created: [], secretsToEnter: [] });
    expect(await dumpAllTables(db(), target.name)).toEqual(before);
  });

  it("exports the named tools only, and refuses a name it does not store", async () => {
    await importTools(tenTools().slice(0, 3), {}, SYSTEM_ACTOR);
    expect((await exportTools(["tool_2", "tool_0"])).tools.map((tool) => tool.name)).toEqual(["tool_0", "tool_2"]);
    await expect(exportTools(["tool_0", "nope", "current_time"])).rejects.toThrow(NotFoundError);
    await expect(exportTools(["nope"])).rejects.toThrow("No stored tool is named nope.");
  });

  it("previews per tool — new, existing with its version, invalid with its problems — and writes nothing", async () => {
    await saveTool({ definition: parseToolDefinition(documentWith({ name: "tool_1" })), baseVersion: null, actor: SYSTEM_ACTOR });
    const tools = tenTools().slice(0, 4);
    tools[2] = documentWith({ name: "tool_2", request: { method: "GET", url: "ftp://files.example.com/x" } });
    tools[3] = documentWith({ name: "tool_0" });
    const before = await rowCounts(db(), target.name);
    const preview = await previewImport(exported(tools));
    expect(preview.issues).toEqual([]);
    expect(preview.tools.map(({ name, status }) => [name, status])).toEqual([
      ["tool_0", "new"], ["tool_1", "exists"], ["tool_2", "invalid"], ["tool_0", "invalid"],
    ]);
    expect(preview.tools[1]).toMatchObject({ version: 1 });
    expect(preview.tools[2]).toMatchObject({ issues: [{ path: "tools[2].request.url", message: expect.stringMatching(/^tool_2: /) }] });
    expect(preview.tools[3]).toMatchObject({ issues: [{ path: "tools[3].name", message: expect.stringMatching(/appears more than once/) }] });
    expect(await rowCounts(db(), target.name)).toEqual(before);
    // The same validation as the import: its problems are exactly the preview's.
    const error = await refused(() => importTools(exported(tools), { tool_1: "skip" }, SYSTEM_ACTOR), ValidationError);
    expect((error as ValidationError).issues).toEqual(preview.tools.flatMap((tool) => (tool.status === "invalid" ? tool.issues : [])));
  });

  it("previews a document that is no export as a problem of the document", async () => {
    const preview = await previewImport({ format: "other", version: 1, tools: [] });
    expect(preview).toEqual({ issues: [{ path: "format", message: 'must be "quiver.tools"' }], tools: [], missingCredentials: [] });
  });
});
