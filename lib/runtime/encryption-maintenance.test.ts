/**
 * Key rotation and the start-up check against a real database (SQLite, and PostgreSQL when
 * reachable): secrets saved under an old key move to the new key id, a second run changes
 * nothing, and a keyring that cannot decrypt the stored secrets is refused naming the variable.
 */
import { describe, expect, it } from "vitest";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator, referenceTool, sealedSecret } from "../db/test-support/fixtures";
import { getToolSecretsForExecution } from "../db/tool-secrets";
import { saveTool } from "../db/tool-saves";
import { decryptSecret } from "../secrets/encryption";
import { EncryptionKeyError, generateEncryptionKey, loadKeyring } from "../secrets/keyring";
import { rotateStoredSecrets, verifyStoredSecretsDecrypt } from "./encryption-maintenance";

const targets = await databaseTargets();
const oldKey = generateEncryptionKey();
const newKey = generateEncryptionKey();
const oldKeyring = loadKeyring({ QUIVER_ENCRYPTION_KEY: oldKey });
const rotatingKeyring = loadKeyring({ QUIVER_ENCRYPTION_KEY: newKey, QUIVER_PREVIOUS_ENCRYPTION_KEYS: oldKey });
const newOnlyKeyring = loadKeyring({ QUIVER_ENCRYPTION_KEY: newKey });
const token = "Bearer sk-rotation-0123456789";

describe.each(targets)("encryption maintenance on $name", (target) => {
  const db = useTestDatabase(target);

  async function saveSecretUnderOldKey() {
    const actor = await insertOperator(db(), "rotator@example.com");
    await saveTool({ definition: referenceTool(), secrets: [sealedSecret("Authorization", token, oldKeyring)], baseVersion: null, actor });
  }

  it("re-encrypts under the new key id, and a second run changes nothing", async () => {
    await saveSecretUnderOldKey();
    const first = await rotateStoredSecrets(rotatingKeyring);
    expect(first.rewrapped).toBe(1);
    expect(first.summary).toContain(rotatingKeyring.activeKeyId);

    const [stored] = await getToolSecretsForExecution("lookup_order");
    expect(stored!.keyId).toBe(rotatingKeyring.activeKeyId);
    expect(decryptSecret(stored!, newOnlyKeyring)).toBe(token);

    const second = await rotateStoredSecrets(rotatingKeyring);
    expect(second.rewrapped).toBe(0);
    expect(second.summary).toMatch(/Nothing to rotate/);
    expect(await getToolSecretsForExecution("lookup_order")).toEqual([stored]);
  });

  it("start-up check: passes with the right key, names the variable with the wrong one", async () => {
    await saveSecretUnderOldKey();
    await expect(verifyStoredSecretsDecrypt(oldKeyring)).resolves.toBeUndefined();
    await expect(verifyStoredSecretsDecrypt(rotatingKeyring)).resolves.toBeUndefined();
    const refusal = verifyStoredSecretsDecrypt(newOnlyKeyring);
    await expect(refusal).rejects.toBeInstanceOf(EncryptionKeyError);
    await expect(refusal).rejects.toThrow(/QUIVER_ENCRYPTION_KEY/);
  });

  it("leaves secrets it cannot decrypt unchanged and reports them", async () => {
    await saveSecretUnderOldKey();
    const before = await getToolSecretsForExecution("lookup_order");
    const report = await rotateStoredSecrets(newOnlyKeyring);
    expect(report.failed).toBe(1);
    expect(report.rewrapped).toBe(0);
    expect(await getToolSecretsForExecution("lookup_order")).toEqual(before);
  });
});
