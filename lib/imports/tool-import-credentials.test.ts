/**
 * Import and export of tools that use shared credentials (SPEC §5.1), on both databases: the
 * export carries the credential's name only; a tool naming a missing credential is refused (named,
 * at its path, nothing written) unless the operator asks to create the missing ones, which are
 * then created empty (no secret) in the same transaction as the tools; a tool its credential does
 * not admit is refused before anything is written; the preview lists missing credentials.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { saveCredentialRecord } from "../credentials/server/credential-saves";
import { getCredentialForUse } from "../credentials/server/credential-secrets";
import { getCredentialRecord } from "../credentials/server/credential-queries";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { plainTool, referenceTool, testKeyring } from "../db/test-support/fixtures";
import { refusalChecker } from "../db/test-support/raw-rows";
import { saveTool } from "../catalog/tool-saves";
import { ValidationError } from "../errors";
import { toPersistedForm } from "../tools";
import { documentWith } from "../tools/testing";
import { exportTools } from "../catalog/tool-export";
import { importTools, previewImport } from "./tool-import";

const targets = await databaseTargets();
const keyring = testKeyring();
const KEY = "vk-export-0123456789";

const credentialInput = { name: "vendor_key", kind: "header", hosts: ["api.example.com"], header_name: "X-Api-Key", value: KEY };
/** Tools on api.example.com (GET …/weather?q=) naming `credential`. */
const weatherTool = (name: string, credential: string) =>
  documentWith({ name, description: `Weather ${name}.`, auth: { credential } });
const exported = (tools: unknown[]) => ({ format: "quiver.tools", version: 1, tools });

describe.each(targets)("tool import with credentials on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);

  it("exports the credential's name only, and the export imports over itself unchanged", async () => {
    await saveCredentialRecord({ input: credentialInput, keyring, actor: SYSTEM_ACTOR });
    await saveTool({ definition: referenceTool({ auth: { credential: "vendor_key" } }), baseVersion: null, actor: SYSTEM_ACTOR });
    const document = await exportTools("all");
    expect(document.tools[0]!.auth).toEqual({ credential: "vendor_key" });
    expect(JSON.stringify(document)).not.toContain(KEY);
    expect(JSON.stringify(document)).not.toContain("X-Api-Key");
    const report = await importTools(JSON.parse(JSON.stringify(document)), { lookup_order: "overwrite" }, SYSTEM_ACTOR);
    expect(report).toMatchObject({ unchanged: ["lookup_order"], createdCredentials: [] });
  });

  it("refuses tools naming a missing credential, naming each at its path, and writes nothing", async () => {
    const document = exported([weatherTool("weather_a", "vendor_key"), documentWith({ name: "plain" }), weatherTool("weather_b", "vendor_key")]);
    const error = await refused(() => importTools(document, {}, SYSTEM_ACTOR), ValidationError);
    expect((error as ValidationError).issues).toEqual([
      { path: "tools[0].auth.credential", message: expect.stringMatching(/^weather_a: no credential is named vendor_key.*create missing credentials/) },
      { path: "tools[2].auth.credential", message: expect.stringMatching(/^weather_b: no credential is named vendor_key/) },
    ]);
    // A tool the operator skips needs no credential.
    await saveTool({ definition: plainTool({ name: "weather_a" }), baseVersion: null, actor: SYSTEM_ACTOR });
    const skipping = await importTools(exported([weatherTool("weather_a", "vendor_key")]), { weather_a: "skip" }, SYSTEM_ACTOR);
    expect(skipping).toMatchObject({ skipped: ["weather_a"], createdCredentials: [] });
  });

  it("creates missing credentials empty when asked, in the same transaction, and lists them", async () => {
    const document = exported([weatherTool("weather_a", "vendor_key"), weatherTool("weather_b", "vendor_key"), weatherTool("weather_c", "other_key")]);
    const preview = await previewImport(document);
    expect(preview.missingCredentials).toEqual([
      { name: "vendor_key", tools: ["weather_a", "weather_b"] },
      { name: "other_key", tools: ["weather_c"] },
    ]);
    expect(preview.tools.map((tool) => tool.status)).toEqual(["new", "new", "new"]);

    const report = await importTools(document, {}, SYSTEM_ACTOR, { createMissingCredentials: true });
    expect(report).toMatchObject({ created: ["weather_a", "weather_b", "weather_c"], createdCredentials: ["vendor_key", "other_key"] });
    const created = (await getCredentialRecord("vendor_key"))!;
    expect(created).toMatchObject({
      kind: "header", hosts: ["api.example.com"], config: { header_name: "Authorization" }, mask: null, usedBy: ["weather_a", "weather_b"],
      description: expect.stringMatching(/Created empty by an import for weather_a, weather_b/),
    });
    expect((await getCredentialForUse("other_key"))!.secret).toBeNull();
  });

  it("creates a missing credential as its outline says (an OpenAPI API key in the query): kind query on that parameter", async () => {
    const document = exported([weatherTool("weather_a", "maps_key"), weatherTool("weather_b", "vendor_key")]);
    const outlines = [{ name: "maps_key", kind: "query" as const, parameterName: "key" }];
    const report = await importTools(document, {}, SYSTEM_ACTOR, { createMissingCredentials: true, proposedCredentials: outlines });
    expect(report.createdCredentials).toEqual(["maps_key", "vendor_key"]);
    expect(await getCredentialRecord("maps_key")).toMatchObject({ kind: "query", hosts: ["api.example.com"], config: { parameter_name: "key" }, mask: null, usedBy: ["weather_a"] });
    // A credential without a proposal is the header default.
    expect(await getCredentialRecord("vendor_key")).toMatchObject({ kind: "header", config: { header_name: "Authorization" } });
  });

  it("creates a proposed basic credential with its user name and no password", async () => {
    const proposals = [{ name: "old_basic", kind: "basic" as const, username: "reporter" }];
    await importTools(exported([weatherTool("weather_a", "old_basic")]), {}, SYSTEM_ACTOR, { createMissingCredentials: true, proposedCredentials: proposals });
    expect(await getCredentialRecord("old_basic")).toMatchObject({ kind: "basic", config: { username: "reporter" }, mask: null });
    expect((await getCredentialForUse("old_basic"))!.secret).toBeNull();
  });

  it("refuses, before writing anything, a tool its credential does not admit or whose header it sets", async () => {
    await saveCredentialRecord({ input: { ...credentialInput, hosts: ["eu.example.com"] }, keyring, actor: SYSTEM_ACTOR });
    const clashing = toPersistedForm(referenceTool({ name: "clash", auth: { credential: "made_up" } }));
    const document = exported([weatherTool("weather_a", "vendor_key"), clashing]);
    const preview = await previewImport(document);
    expect(preview.tools[0]).toMatchObject({ status: "invalid", issues: [{ path: "tools[0].auth.credential", message: expect.stringMatching(/^weather_a: .*api\.example\.com/) }] });

    const error = await refused(() => importTools(document, {}, SYSTEM_ACTOR, { createMissingCredentials: true }), ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(["tools[0].auth.credential", "tools[1].request.headers.Authorization"]);
  });
});
