/**
 * Key rotation's write (rewrapToolSecret) is a compare-and-set on the stored ciphertext: a value
 * that changed since rotation read it — a save racing the rotation — is kept, never overwritten.
 * The records rotation reads carry the associated data each value is bound to.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { toolSecretAssociatedData } from "../secrets/binding";
import { decryptSecret, encryptSecret } from "../secrets/encryption";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { newSecretValues, referenceTool, testKeyring } from "../db/test-support/fixtures";
import { getToolSecretsForExecution, listEncryptedSecrets, rewrapToolSecret } from "./tool-secrets";
import { saveTool } from "./tool-saves";

const targets = await databaseTargets();
const oldKeyring = testKeyring();
const newKeyring = testKeyring();
const PLAINTEXT = "Bearer sk-live-rewrap-0123456789";

describe.each(targets)("rewrapToolSecret on $name", (target) => {
  const db = useTestDatabase(target);

  /** Stores the reference tool with PLAINTEXT under the old key; returns the stored record. */
  async function storeUnderOldKey() {
    const { id } = await saveTool({
      definition: referenceTool(), secrets: newSecretValues(oldKeyring, { Authorization: PLAINTEXT }), baseVersion: null, actor: SYSTEM_ACTOR,
    });
    const [record] = await listEncryptedSecrets();
    return { record: record!, toolId: id };
  }

  it("lists each value with what it is bound to", async () => {
    const { record, toolId } = await storeUnderOldKey();
    const binding = toolSecretAssociatedData(toolId, "Authorization");
    expect(record).toMatchObject({ keyId: oldKeyring.activeKeyId, associatedData: binding, rebindTo: binding });
    expect(decryptSecret(record, oldKeyring, record.associatedData)).toBe(PLAINTEXT);
  });

  it("writes the new value when the stored one is still the one it replaces, keeping the mask", async () => {
    const { record } = await storeUnderOldKey();
    const mask = (await db().toolSecret.findUniqueOrThrow({ where: { id: record.id } })).mask;
    const rewrapped = encryptSecret(PLAINTEXT, newKeyring, record.rebindTo);
    expect(await rewrapToolSecret({ id: record.id, ...rewrapped, previousCiphertext: record.ciphertext })).toBe(true);
    expect(await db().toolSecret.findUniqueOrThrow({ where: { id: record.id } })).toMatchObject({
      keyId: newKeyring.activeKeyId, ciphertext: rewrapped.ciphertext, mask, aadVersion: 1,
    });
    const [stored] = await getToolSecretsForExecution("lookup_order");
    expect(decryptSecret(stored!, newKeyring, stored!.associatedData)).toBe(PLAINTEXT);
  });

  it("refuses a stale previous value, leaving the row exactly as it was", async () => {
    const { record } = await storeUnderOldKey();
    const before = await db().toolSecret.findUniqueOrThrow({ where: { id: record.id } });
    const stale = encryptSecret(PLAINTEXT, oldKeyring, record.rebindTo).ciphertext;
    const rewrapped = encryptSecret(PLAINTEXT, newKeyring, record.rebindTo);
    expect(await rewrapToolSecret({ id: record.id, ...rewrapped, previousCiphertext: stale })).toBe(false);
    expect(await db().toolSecret.findUniqueOrThrow({ where: { id: record.id } })).toEqual(before);
  });

  it("keeps a value saved after rotation read the secrets (a save racing the rotation wins)", async () => {
    const { record } = await storeUnderOldKey();
    const saved = "Bearer sk-live-saved-meanwhile";
    await saveTool({ definition: referenceTool(), secrets: newSecretValues(newKeyring, { Authorization: saved }), baseVersion: 1, actor: SYSTEM_ACTOR });
    const rowsAfterSave = await db().toolSecret.findMany();

    const rewrapped = encryptSecret(PLAINTEXT, newKeyring, record.rebindTo);
    expect(await rewrapToolSecret({ id: record.id, ...rewrapped, previousCiphertext: record.ciphertext })).toBe(false);
    expect(await db().toolSecret.findMany()).toEqual(rowsAfterSave);
    const [stored] = await getToolSecretsForExecution("lookup_order");
    expect(decryptSecret(stored!, newKeyring, stored!.associatedData)).toBe(saved);
  });
});
