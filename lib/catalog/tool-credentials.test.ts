/**
 * Tools using shared credentials (SPEC §5.1), on SQLite and PostgreSQL: a tool saved with
 * `auth.credential` is checked against the credential (it must exist, admit the tool's host, and
 * not collide with a header or parameter the tool sets) and its credentialId follows the
 * definition; a credential in use cannot be deleted or renamed (the tools are listed), and every
 * refusal leaves the database as it was. On PostgreSQL, a rename racing a tool save is refused
 * whichever commits second: the interleaving is forced with a second connection holding the row
 * exactly as the other transaction would, released once the save under test waits for it.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { ConflictError, ValidationError } from "../errors";
import type { ToolDefinition } from "../tools";
import { deleteCredentialRecord, saveCredentialRecord } from "../credentials/server/credential-saves";
import { getCredentialRecord } from "../credentials/server/credential-queries";
import { databaseTargets, useTestDatabase, type DatabaseTarget } from "../db/test-support/databases";
import { plainTool, referenceRequest, referenceTool, testKeyring } from "../db/test-support/fixtures";
import { refusalChecker } from "../db/test-support/raw-rows";
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

/** A second connection to the target's schema, inside an open transaction. */
async function openTransaction(target: DatabaseTarget): Promise<pg.Client> {
  const url = new URL(target.url);
  const schema = url.searchParams.get("schema")!;
  url.searchParams.delete("schema");
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(`SET search_path TO "${schema}"`);
  await client.query("BEGIN");
  return client;
}

/** Resolves once another session waits for a lock `client`'s transaction holds. */
async function someoneWaitsFor(client: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await client.query("SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))");
    if (rows[0].waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
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
    ["a host the credential does not admit", () => toolUsing("vendor_key", { request: { ...referenceRequest(), url: "https://evil.example.net/orders/{{order_id}}" } }), "auth.credential", /evil\.example\.net/],
    ["http to a host that is not loopback", () => toolUsing("vendor_key", { request: { ...referenceRequest(), url: "http://api.example.com/orders/{{order_id}}" } }), "auth.credential", /https/],
    ["a header the credential sets", () => toolUsing("vendor_key", { request: { ...referenceRequest(), headers: { ...referenceRequest().headers, "x-api-key": "mine" } } }), "request.headers.x-api-key", /set by credential "vendor_key"/],
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

  // PostgreSQL only: SQLite runs one writer at a time, so the interleaving cannot happen there.
  it.runIf(target.name === "postgresql")("a rename racing a tool save: refuses the rename when a tool attached meanwhile commits first", async () => {
    const { record } = await saveCredentialRecord({ input: credentialInput(), keyring, actor: SYSTEM_ACTOR });
    await saveTool({ definition: referenceTool(), baseVersion: null, actor: SYSTEM_ACTOR });
    const other = await openTransaction(target);
    try {
      await other.query(`UPDATE "tools" SET "credential_id" = $1 WHERE "name" = 'lookup_order'`, [record.id]);
      const rename = saveCredentialRecord({ input: credentialInput({ name: "renamed_key" }), existingName: "vendor_key", basedOnVersion: 1, keyring, actor: SYSTEM_ACTOR });
      const outcome = rename.then(() => null, (error: unknown) => error);
      await someoneWaitsFor(other);
      await other.query("COMMIT");
      const error = await outcome;
      expect(error).toBeInstanceOf(ConflictError);
      expect((error as Error).message).toMatch(/cannot be renamed while tools use it.*lookup_order/);
    } finally {
      await other.end();
    }
  });

  it.runIf(target.name === "postgresql")("a rename racing a tool save: refuses the tool save when the rename commits first", async () => {
    const { record } = await saveCredentialRecord({ input: credentialInput(), keyring, actor: SYSTEM_ACTOR });
    const other = await openTransaction(target);
    try {
      await other.query(`UPDATE "credentials" SET "name" = 'renamed_key', "version" = 2 WHERE "id" = $1`, [record.id]);
      const save = saveTool({ definition: referenceTool({ auth: { credential: "vendor_key" } }), baseVersion: null, actor: SYSTEM_ACTOR });
      const outcome = save.then(() => null, (error: unknown) => error);
      await someoneWaitsFor(other);
      await other.query("COMMIT");
      const error = await outcome;
      expect(error).toBeInstanceOf(ConflictError);
      expect((error as Error).message).toMatch(/vendor_key" was renamed or deleted/);
    } finally {
      await other.end();
    }
  });
});
