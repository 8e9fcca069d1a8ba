/**
 * Key rotation and the start-up check against a real database (SQLite, and PostgreSQL when
 * reachable): secrets saved under an old key move to the new key id still bound to their tool and
 * header, values stored before binding existed keep decrypting and are bound by the next
 * rotation, a second run changes nothing, and a keyring that cannot decrypt the stored secrets is
 * refused naming the variable. Shared credentials' secret parts go through the same rotation and
 * check, bound to their credential, and are counted apart.
 */
import { describe, expect, it } from "vitest";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { insertOperator, newSecretValues, referenceTool } from "../../db/test-support/fixtures";
import { getToolSecretsForExecution } from "../../catalog/tool-secrets";
import { saveTool } from "../../catalog/tool-saves";
import { saveCredentialRecord } from "../../credentials/server/credential-saves";
import { getCredentialForUse, rewrapCredentialSecret } from "../../credentials/server/credential-secrets";
import { SYSTEM_ACTOR } from "../../audit/events";
import { toolSecretAssociatedData } from "../binding";
import { decryptSecret, encryptSecret, SecretDecryptionError } from "../encryption";
import { EncryptionKeyError, generateEncryptionKey, loadKeyring } from "../keyring";
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

  describe("credential secrets", () => {
    const clientSecret = "cs-rotation-0123456789";
    const input = { name: "vendor_oauth", kind: "oauth2_client_credentials", hosts: ["api.example.com"], token_url: "https://auth.example.com/token", client_id: "quiver", client_secret: clientSecret };
    const saveCredential = (keyring = oldKeyring, overrides: Record<string, unknown> = {}, version?: number) =>
      saveCredentialRecord({ input: { ...input, ...overrides }, keyring, actor: SYSTEM_ACTOR, ...(version ? { existingName: "vendor_oauth", basedOnVersion: version } : {}) });

    it("re-encrypts them too, bound to their credential, without a new version; counts are reported per kind", async () => {
      await saveSecretUnderOldKey();
      const { record } = await saveCredential();
      const first = await rotateStoredSecrets(rotatingKeyring);
      expect(first.byKind).toEqual({
        toolSecrets: { rewrapped: 1, changedMeanwhile: 0, failed: 0, alreadyCurrent: 0 },
        credentialSecrets: { rewrapped: 1, changedMeanwhile: 0, failed: 0, alreadyCurrent: 0 },
      });
      expect(first.rewrapped).toBe(2);
      expect(first.summary).toMatch(/^Tool secrets: Re-encrypted 1 secret[\s\S]*\nCredential secrets: Re-encrypted 1 secret/);

      const stored = (await getCredentialForUse("vendor_oauth"))!;
      expect(stored.secret!.keyId).toBe(rotatingKeyring.activeKeyId);
      expect(decryptSecret(stored.secret!, newOnlyKeyring, stored.secret!.associatedData)).toBe(clientSecret);
      const row = await db().credential.findUniqueOrThrow({ where: { id: record.id } });
      expect(row).toMatchObject({ version: 1, mask: record.mask, updatedAt: record.updatedAt });
      await expect(verifyStoredSecretsDecrypt(newOnlyKeyring)).resolves.toBeUndefined();

      const second = await rotateStoredSecrets(rotatingKeyring);
      expect(second.byKind.credentialSecrets).toEqual({ rewrapped: 0, changedMeanwhile: 0, failed: 0, alreadyCurrent: 1 });
    });

    it("start-up check covers them: a credential secret under a key not configured is refused naming the variable", async () => {
      await saveCredential();
      await expect(verifyStoredSecretsDecrypt(oldKeyring)).resolves.toBeUndefined();
      await expect(verifyStoredSecretsDecrypt(newOnlyKeyring)).rejects.toThrow(/QUIVER_ENCRYPTION_KEY/);
      const report = await rotateStoredSecrets(newOnlyKeyring);
      expect(report.byKind.credentialSecrets.failed).toBe(1);
      expect(report.failed).toBe(1);
    });

    it("keeps a client secret saved after rotation read it (a save racing the rotation wins)", async () => {
      const { record } = await saveCredential();
      const before = (await getCredentialForUse("vendor_oauth"))!.secret!;
      await saveCredential(newOnlyKeyring, { client_secret: "cs-saved-meanwhile" }, 1);
      const rewrapped = encryptSecret(clientSecret, newOnlyKeyring, before.associatedData);
      expect(await rewrapCredentialSecret({ id: record.id, ...rewrapped, previousCiphertext: before.ciphertext })).toBe(false);
      const after = (await getCredentialForUse("vendor_oauth"))!.secret!;
      expect(decryptSecret(after, newOnlyKeyring, after.associatedData)).toBe("cs-saved-meanwhile");
    });
  });
});
