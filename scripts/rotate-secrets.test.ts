/**
 * The rotation command as an operator runs it (`npm run secrets:rotate`), against every test
 * database (SQLite, and PostgreSQL when reachable): it re-encrypts under the new key and says so,
 * a second run has nothing to do, and a secret it cannot decrypt makes it fail (exit 1) without
 * touching that secret. Every run is in the audit trail (system actor, counts, key ids).
 * Whatever happens, neither its output nor the audit trail carries the secret or a key.
 * Each test stores its own secret, so the tests pass in any order.
 */
import { describe, expect, it } from "vitest";
import { listAuditEvents } from "../lib/audit/audit-log";
import { COMMAND_TEST_TIMEOUT_MS, runProjectScript, type CommandResult } from "../lib/db/test-support/commands";
import { databaseTargets, useTestDatabase } from "../lib/db/test-support/databases";
import { insertOperator, newSecretValues, referenceTool } from "../lib/db/test-support/fixtures";
import { getToolSecretsForExecution } from "../lib/catalog/tool-secrets";
import { saveTool } from "../lib/catalog/tool-saves";
import { generateEncryptionKey, loadKeyring } from "../lib/secrets/keyring";

const targets = await databaseTargets();
const PLAINTEXT = "Bearer sk-rotate-0123456789";
const oldKey = generateEncryptionKey();
const newKey = generateEncryptionKey();

describe.each(targets)("npm run secrets:rotate on $name", (target) => {
  const db = useTestDatabase(target);

  /** The reference tool with PLAINTEXT stored under the old key. */
  async function storeSecretUnderOldKey(): Promise<void> {
    const actor = await insertOperator(db(), "rotator@example.com");
    const oldKeyring = loadKeyring({ QUIVER_ENCRYPTION_KEY: oldKey });
    await saveTool({ definition: referenceTool(), secrets: newSecretValues(oldKeyring, { Authorization: PLAINTEXT }), baseVersion: null, actor });
  }

  async function rotate(keys: { active: string; previous: string }): Promise<CommandResult & { output: string }> {
    const result = await runProjectScript("scripts/rotate-secrets.ts", {
      DATABASE_URL: target.url,
      QUIVER_ENCRYPTION_KEY: keys.active,
      QUIVER_PREVIOUS_ENCRYPTION_KEYS: keys.previous,
    });
    const output = result.stdout + result.stderr;
    const trail = JSON.stringify(await listAuditEvents());
    for (const secret of [PLAINTEXT, "sk-rotate-0123456789", oldKey, newKey]) {
      expect(output).not.toContain(secret);
      expect(trail).not.toContain(secret);
    }
    return { ...result, output };
  }

  const keyIdOf = (key: string) => loadKeyring({ QUIVER_ENCRYPTION_KEY: key }).activeKeyId;

  /** The audit entries of rotation runs, oldest first. */
  async function rotationEvents() {
    return (await listAuditEvents({ action: "secrets.rotate" })).events.reverse();
  }

  it("refuses (exit 1) while the old key is not configured, leaving the secret as it was", async () => {
    await storeSecretUnderOldKey();
    const before = await getToolSecretsForExecution("lookup_order");
    const { code, output } = await rotate({ active: newKey, previous: "" });
    expect(code).toBe(1);
    expect(output).toMatch(/1 secret could not be re-encrypted/);
    expect(await getToolSecretsForExecution("lookup_order")).toEqual(before);
    expect(await rotationEvents()).toEqual([
      expect.objectContaining({
        actorId: null,
        actorEmail: "system",
        targetType: "encryption_key",
        targetName: keyIdOf(newKey),
        before: { keyIds: [] },
        after: { activeKeyId: keyIdOf(newKey), toolSecrets: { reEncrypted: 0, changedMeanwhile: 0, failed: 1 }, credentialSecrets: { reEncrypted: 0, changedMeanwhile: 0, failed: 0 } },
      }),
    ]);
  }, COMMAND_TEST_TIMEOUT_MS);

  it("re-encrypts under the new key id, then has nothing left to do", async () => {
    await storeSecretUnderOldKey();
    const newKeyId = loadKeyring({ QUIVER_ENCRYPTION_KEY: newKey }).activeKeyId;
    const first = await rotate({ active: newKey, previous: oldKey });
    expect(first.code).toBe(0);
    expect(first.output).toContain(`Re-encrypted 1 secret under key id ${newKeyId}`);
    expect((await getToolSecretsForExecution("lookup_order"))[0]!.keyId).toBe(newKeyId);

    const second = await rotate({ active: newKey, previous: oldKey });
    expect(second.code).toBe(0);
    expect(second.output).toMatch(/Nothing to rotate/);
    expect((await rotationEvents()).map((event) => [event.before, event.after])).toEqual([
      [{ keyIds: [keyIdOf(oldKey)] }, { activeKeyId: newKeyId, toolSecrets: { reEncrypted: 1, changedMeanwhile: 0, failed: 0 }, credentialSecrets: { reEncrypted: 0, changedMeanwhile: 0, failed: 0 } }],
      [{ keyIds: [keyIdOf(oldKey)] }, { activeKeyId: newKeyId, toolSecrets: { reEncrypted: 0, changedMeanwhile: 0, failed: 0 }, credentialSecrets: { reEncrypted: 0, changedMeanwhile: 0, failed: 0 } }],
    ]);
  }, COMMAND_TEST_TIMEOUT_MS);
});
