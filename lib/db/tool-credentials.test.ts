/**
 * Tools using shared credentials (SPEC §5.1), on SQLite and PostgreSQL: a tool saved with
 * `auth.credential` is checked against the credential (it must exist, admit the tool's host, and
 * not collide with a header or parameter the tool sets) and its credentialId follows the
 * definition; a credential in use cannot be deleted or renamed (the tools are listed), and every
 * refusal leaves the database as it was.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { ConflictError, ValidationError } from "../errors";
import type { ToolDefinition } from "../tools";
import { deleteCredentialRecord, saveCredentialRecord } from "./credential-saves";
import { getCredentialRecord } from "./credentials";
import { databaseTargets, useTestDatabase } from "./test-support/databases";
import { plainTool, referenceTool, testKeyring } from "./test-support/fixtures";
import { refusalChecker } from "./test-support/raw-rows";
import { restoreToolRevision, saveTool } from "./tool-saves";

const targets = await databaseTargets();
const keyring = testKeyring();

function credentialInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: "vendor_key", kind: "header", hosts: ["api.example.com"], header_name: "X-Api-Key", value: "vk-0123456789", ...overrides };
}

/** The reference tool (https://api.example.com/orders/…) using credential `name`. */
function toolUsing(name: string, overrides: Record<string, unknown> = {}): ToolDefinition {
  return referenceTool({ auth: { credential: name }, ...overrides });
}

describe.each(targets)("tools and credentials on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);
  const createCredential = () => saveCredentialRecord({ input: credentialInput(), keyring, actor: SYSTEM_ACTOR });
  const toolRow = (name: string) => db().tool.findUniqueOrThrow({ where: { name }, select: { credentialId: true, version: true } });

  it("keeps credentialId in step with the definition, and lists the tool as a user of the credential", async () => {
    const { record } = await createCredential();
    await saveTool({ definition: toolUsing("vendor_key"), baseVersion: null, actor: SYSTEM_ACTOR });
    expect(await toolRow("lookup_order")).toEqual({ credentialId: record.id, version: 1 });
    expect((await getCredentialRecord("vendor_key"))!.usedBy).toEqual(["lookup_order"]);

    await saveTool({ definition: referenceTool(), baseVersion: 1, actor: SYSTEM_ACTOR });
    expect(await toolRow("lookup_order")).toEqual({ credentialId: null, version: 2 });
    expect((await getCredentialRecord("vendor_key"))!.usedBy).toEqual([]);

    await restoreToolRevision("lookup_order", 1, 2, SYSTEM_ACTOR);
    expect(await toolRow("lookup_order")).toEqual({ credentialId: record.id, version: 3 });
  });

  it.each([
    ["a credential that does not exist", () => toolUsing("missing_key"), "auth.credential", /no credential is named missing_key/],
    ["a host the credential does not admit", () => toolUsing("vendor_key", { request: { ...referenceTool().request, url: "https://evil.example.net/orders/{{order_id}}" } }), "auth.credential", /evil\.example\.net/],
    ["http to a host that is not loopback", () => toolUsing("vendor_key", { request: { ...referenceTool().request, url: "http://api.example.com/orders/{{order_id}}" } }), "auth.credential", /https/],
    ["a header the credential sets", () => toolUsing("vendor_key", { request: { ...referenceTool().request, headers: { ...referenceTool().request.headers, "x-api-key": "mine" } } }), "request.headers.x-api-key", /set by credential "vendor_key"/],
  ])("refuses a tool naming %s, changing nothing", async (_label, definition, path, message) => {
    await createCredential();
    const error = await refused(() => saveTool({ definition: definition(), baseVersion: null, actor: SYSTEM_ACTOR }), ValidationError);
    expect((error as ValidationError).issues).toEqual([{ path, message: expect.stringMatching(message) }]);
  });

  it("refuses a query parameter the credential sets, in the query map or the URL", async () => {
    await saveCredentialRecord({ input: { name: "vendor_key", kind: "query", hosts: ["api.example.com"], parameter_name: "q", value: "vk-1" }, keyring, actor: SYSTEM_ACTOR });
    const error = await refused(() => saveTool({ definition: plainTool({ auth: { credential: "vendor_key" } }), baseVersion: null, actor: SYSTEM_ACTOR }), ValidationError);
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(["request.url"]);
  });

  it("refuses to delete or rename a credential while a tool uses it, listing the tools; allows both once unused", async () => {
    await createCredential();
    await saveTool({ definition: toolUsing("vendor_key"), baseVersion: null, actor: SYSTEM_ACTOR });
    await saveTool({ definition: toolUsing("vendor_key", { name: "cancel_order" }), baseVersion: null, actor: SYSTEM_ACTOR });

    const deletion = await refused(() => deleteCredentialRecord("vendor_key", SYSTEM_ACTOR), ConflictError);
    expect(deletion.message).toMatch(/cannot be deleted while tools use it.*: cancel_order, lookup_order\.$/);
    const rename = await refused(
      () => saveCredentialRecord({ input: credentialInput({ name: "renamed_key" }), existingName: "vendor_key", basedOnVersion: 1, keyring, actor: SYSTEM_ACTOR }),
      ConflictError,
    );
    expect(rename.message).toMatch(/cannot be renamed while tools use it/);
    // Other edits of a credential in use are fine.
    await saveCredentialRecord({ input: credentialInput({ description: "Shared" }), existingName: "vendor_key", basedOnVersion: 1, keyring, actor: SYSTEM_ACTOR });

    await saveTool({ definition: referenceTool(), baseVersion: 1, actor: SYSTEM_ACTOR });
    await saveTool({ definition: referenceTool({ name: "cancel_order" }), baseVersion: 1, actor: SYSTEM_ACTOR });
    await saveCredentialRecord({ input: credentialInput({ name: "renamed_key" }), existingName: "vendor_key", basedOnVersion: 2, keyring, actor: SYSTEM_ACTOR });
    await deleteCredentialRecord("renamed_key", SYSTEM_ACTOR, 3);
    expect(await db().credential.count()).toBe(0);
  });
});
