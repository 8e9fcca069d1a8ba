/**
 * Key rotation and the start-up check against a real database (SQLite, and PostgreSQL when
 * reachable): secrets saved under an old key move to the new key id still bound to their tool and
 * header, values stored before binding existed keep decrypting and are bound by the next
 * rotation, a second run changes nothing, and a keyring that cannot decrypt the stored secrets is
 * refused naming the variable.
 */
import { describe, expect, it } from "vitest";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator, newSecretValues, referenceTool } from "../db/test-support/fixtures";
import { getToolSecretsForExecution } from "../db/tool-secrets";
import { saveTool } from "../db/tool-saves";
import { toolSecretAssociatedData } from "../secrets/binding";
import { decryptSecret, encryptSecret, SecretDecryptionError } from "../secrets/encryption";
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
    return saveTool({ definition: referenceTool(), secrets: newSecretValues(oldKeyring, { Authorization: token }), baseVersion: null, actor });
  }

  it("re-encrypts under the new key id keeping the tool-and-header binding, and a second run changes nothing", async () => {
    const { id } = await saveSecretUnderOldKey();
    const first = await rotateStoredSecrets(rotatingKeyring);
    expect(first.rewrapped).toBe(1);
    expect(first.summary).toContain(rotatingKeyring.activeKeyId);

    const [stored] = await getToolSecretsForExecution("lookup_order");
    expect(stored!.keyId).toBe(rotatingKeyring.activeKeyId);
    expect(stored!.associatedData).toBe(toolSecretAssociatedData(id, "Authorization"));
    expect(decryptSecret(stored!, newOnlyKeyring, stored!.associatedData)).toBe(token);
    for (const elsewhere of [undefined, toolSecretAssociatedData(id, "X-Other"), toolSecretAssociatedData("another-tool", "Authorization")]) {
      expect(() => decryptSecret(stored!, newOnlyKeyring, elsewhere)).toThrow(SecretDecryptionError);
    }

    const second = await rotateStoredSecrets(rotatingKeyring);
    expect(second.rewrapped).toBe(0);
    expect(second.summary).toMatch(/Nothing to rotate/);
    expect(await getToolSecretsForExecution("lookup_order")).toEqual([stored]);
  });

  it("decrypts a value stored before binding existed, and binds it at the next rotation (same key)", async () => {
    const { id } = await saveTool({ definition: referenceTool(), baseVersion: null, actor: await insertOperator(db(), "ops@example.com") });
    const legacy = encryptSecret(token, oldKeyring);
    await db().toolSecret.create({ data: { toolId: id, header: "Authorization", ...legacy, mask: "••••6789" } });

    const [before] = await getToolSecretsForExecution("lookup_order");
    expect(before!.associatedData).toBeUndefined();
    expect(decryptSecret(before!, oldKeyring, before!.associatedData)).toBe(token);
    await expect(verifyStoredSecretsDecrypt(oldKeyring)).resolves.toBeUndefined();

    const report = await rotateStoredSecrets(oldKeyring);
    expect(report.rewrapped).toBe(1);
    expect(report.summary).toContain("1 of them now bound to their tool and header as well.");
    const row = await db().toolSecret.findFirstOrThrow({ where: { toolId: id } });
    expect(row).toMatchObject({ aadVersion: 1, keyId: oldKeyring.activeKeyId });
    const [after] = await getToolSecretsForExecution("lookup_order");
    expect(decryptSecret(after!, oldKeyring, toolSecretAssociatedData(id, "authorization"))).toBe(token);
    expect(() => decryptSecret(after!, oldKeyring)).toThrow(SecretDecryptionError);
    expect((await rotateStoredSecrets(oldKeyring)).rewrapped).toBe(0);
  });

  it("start-up check: passes with the right key, names the variable with the wrong one", async () => {
    await saveSecretUnderOldKey();
    await expect(verifyStoredSecretsDecrypt(oldKeyring)).resolves.toBeUndefined();
    await expect(verifyStoredSecretsDecrypt(rotatingKeyring)).resolves.toBeUndefined();
    const refusal = verifyStoredSecretsDecrypt(newOnlyKeyring);
    await expect(refusal).rejects.toBeInstanceOf(EncryptionKeyError);
    await expect(refusal).rejects.toThrow(/QUIVER_ENCRYPTION_KEY/);
  });

  it("start-up check: refuses a bound value copied to another tool, as tampered", async () => {
    await saveSecretUnderOldKey();
    const other = await saveTool({ definition: referenceTool({ name: "other_order" }), baseVersion: null, actor: await insertOperator(db(), "x@example.com") });
    const { header, keyId, ciphertext, mask, origin, aadVersion } = await db().toolSecret.findFirstOrThrow();
    await db().toolSecret.create({ data: { toolId: other.id, header, keyId, ciphertext, mask, origin, aadVersion } });
    const refusal = verifyStoredSecretsDecrypt(oldKeyring);
    await expect(refusal).rejects.toBeInstanceOf(SecretDecryptionError);
    await expect(refusal).rejects.toMatchObject({ reason: "tampered" });
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
