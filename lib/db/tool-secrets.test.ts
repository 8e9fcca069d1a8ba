/**
 * Key rotation's write (rewrapToolSecret) is a compare-and-set on the stored ciphertext: a value
 * that changed since rotation read it — a save racing the rotation — is kept, never overwritten.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { sealSecret } from "../secrets/encryption";
import { databaseTargets, useTestDatabase } from "./test-support/databases";
import { referenceTool, sealedSecret, testKeyring } from "./test-support/fixtures";
import { getStoredToolSecrets, listEncryptedSecrets, rewrapToolSecret } from "./tool-secrets";
import { saveTool } from "./tool-saves";

const targets = await databaseTargets();
const oldKeyring = testKeyring();
const newKeyring = testKeyring();
const PLAINTEXT = "Bearer sk-live-rewrap-0123456789";

describe.each(targets)("rewrapToolSecret on $name", (target) => {
  const db = useTestDatabase(target);

  /** Stores the reference tool with PLAINTEXT under the old key; returns the stored record. */
  async function storeUnderOldKey() {
    const secret = sealedSecret("Authorization", PLAINTEXT, oldKeyring);
    await saveTool({ definition: referenceTool(), secrets: [secret], baseVersion: null, actor: SYSTEM_ACTOR });
    const [record] = await listEncryptedSecrets();
    return { record: record!, mask: secret.mask };
  }

  it("writes the new value when the stored one is still the one it replaces, keeping the mask", async () => {
    const { record, mask } = await storeUnderOldKey();
    const rewrapped = sealSecret(PLAINTEXT, newKeyring);
    expect(await rewrapToolSecret({ id: record.id, ...rewrapped, previousCiphertext: record.ciphertext })).toBe(true);
    expect(await getStoredToolSecrets("lookup_order")).toEqual([
      { header: "Authorization", keyId: newKeyring.activeKeyId, ciphertext: rewrapped.ciphertext, mask },
    ]);
  });

  it("refuses a stale previous value, leaving the row exactly as it was", async () => {
    const { record } = await storeUnderOldKey();
    const before = await db().toolSecret.findUniqueOrThrow({ where: { id: record.id } });
    const stale = sealSecret(PLAINTEXT, oldKeyring).ciphertext;
    const rewrapped = sealSecret(PLAINTEXT, newKeyring);
    expect(await rewrapToolSecret({ id: record.id, ...rewrapped, previousCiphertext: stale })).toBe(false);
    expect(await db().toolSecret.findUniqueOrThrow({ where: { id: record.id } })).toEqual(before);
  });

  it("keeps a value saved after rotation read the secrets (a save racing the rotation wins)", async () => {
    const { record } = await storeUnderOldKey();
    const saved = sealedSecret("Authorization", "Bearer sk-live-saved-meanwhile", newKeyring);
    await saveTool({ definition: referenceTool(), secrets: [saved], baseVersion: 1, actor: SYSTEM_ACTOR });
    const rowsAfterSave = await db().toolSecret.findMany();

    const rewrapped = sealSecret(PLAINTEXT, newKeyring);
    expect(await rewrapToolSecret({ id: record.id, ...rewrapped, previousCiphertext: record.ciphertext })).toBe(false);
    expect(await db().toolSecret.findMany()).toEqual(rowsAfterSave);
    expect(await getStoredToolSecrets("lookup_order")).toEqual([
      { header: "Authorization", keyId: saved.keyId, ciphertext: saved.ciphertext, mask: saved.mask },
    ]);
  });
});
