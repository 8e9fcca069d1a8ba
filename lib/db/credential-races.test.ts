/**
 * A tool attached to a credential while the credential is being renamed (PostgreSQL only: SQLite
 * runs one writer at a time). Whichever commits first, the other is refused, so no tool ends up
 * naming a credential that no longer has that name. The interleaving is forced with a second
 * connection that holds the row exactly as the other transaction would, and released once the
 * save under test is seen waiting for it.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { ConflictError } from "../errors";
import { saveCredentialRecord } from "./credential-saves";
import { databaseTargets, useTestDatabase, type DatabaseTarget } from "./test-support/databases";
import { referenceTool, testKeyring } from "./test-support/fixtures";
import { saveTool } from "./tool-saves";

const targets = (await databaseTargets()).filter((target) => target.name === "postgresql");
const keyring = testKeyring();
const input = { name: "vendor_key", kind: "header", hosts: ["api.example.com"], header_name: "X-Api-Key", value: "vk-race-0123456789" };

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

describe.each(targets)("credential rename racing a tool save on $name", (target) => {
  useTestDatabase(target);

  it("refuses the rename when a tool attached meanwhile commits first", async () => {
    const { record } = await saveCredentialRecord({ input, keyring, actor: SYSTEM_ACTOR });
    await saveTool({ definition: referenceTool(), baseVersion: null, actor: SYSTEM_ACTOR });
    const other = await openTransaction(target);
    try {
      await other.query(`UPDATE "tools" SET "credential_id" = $1 WHERE "name" = 'lookup_order'`, [record.id]);
      const rename = saveCredentialRecord({ input: { ...input, name: "renamed_key" }, existingName: "vendor_key", basedOnVersion: 1, keyring, actor: SYSTEM_ACTOR });
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

  it("refuses the tool save when the rename commits first", async () => {
    const { record } = await saveCredentialRecord({ input, keyring, actor: SYSTEM_ACTOR });
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
