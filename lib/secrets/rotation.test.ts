import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "./encryption";
import { generateEncryptionKey, loadKeyring } from "./keyring";
import { describeRotation, rotateSecrets, type EncryptedRecord } from "./rotation";

const OLDEST_KEY = generateEncryptionKey();
const OLD_KEY = generateEncryptionKey();
const NEW_KEY = generateEncryptionKey();
const oldest = loadKeyring({ QUIVER_ENCRYPTION_KEY: OLDEST_KEY });
const old = loadKeyring({ QUIVER_ENCRYPTION_KEY: OLD_KEY });
const rotating = loadKeyring({ QUIVER_ENCRYPTION_KEY: NEW_KEY, QUIVER_PREVIOUS_ENCRYPTION_KEYS: `${OLD_KEY},${OLDEST_KEY}` });

const PLAINTEXTS = { a: "secret-a-0123456789", b: "secret-b-0123456789", c: "secret-c-0123456789" };
const records: EncryptedRecord<string>[] = [
  { id: "a", ...encryptSecret(PLAINTEXTS.a, old) },
  { id: "b", ...encryptSecret(PLAINTEXTS.b, oldest) },
  { id: "c", ...encryptSecret(PLAINTEXTS.c, rotating) },
];

/** What the command does with a result: write each rotated value over its record. */
const applied = (before: EncryptedRecord<string>[], rotated: { id: string; keyId: string; ciphertext: string }[]) =>
  before.map((record) => {
    const update = rotated.find((entry) => entry.id === record.id);
    return update ? { id: record.id, keyId: update.keyId, ciphertext: update.ciphertext } : record;
  });

describe("rotateSecrets", () => {
  it("re-encrypts every value under an old key id with the active key, keeping its plaintext", () => {
    const result = rotateSecrets(records, rotating);
    expect(result.activeKeyId).toBe(rotating.activeKeyId);
    expect(result.alreadyCurrent).toBe(1);
    expect(result.failures).toEqual([]);
    expect(result.rotated.map((record) => [record.id, record.previousKeyId])).toEqual([
      ["a", old.activeKeyId],
      ["b", oldest.activeKeyId],
    ]);
    for (const record of result.rotated) {
      expect(record.keyId).toBe(rotating.activeKeyId);
      expect(record.previousCiphertext).toBe(records.find((entry) => entry.id === record.id)?.ciphertext);
      expect(decryptSecret(record, rotating)).toBe(PLAINTEXTS[record.id as keyof typeof PLAINTEXTS]);
    }
    expect(JSON.stringify(result)).not.toMatch(/secret-[abc]/);
  });

  it("changes nothing when run again on its own result", () => {
    const afterFirst = applied(records, rotateSecrets(records, rotating).rotated);
    const second = rotateSecrets(afterFirst, rotating);
    expect(second.rotated).toEqual([]);
    expect(second.failures).toEqual([]);
    expect(second.alreadyCurrent).toBe(records.length);
    // The old keys can now go: the active key alone decrypts everything.
    const newOnly = loadKeyring({ QUIVER_ENCRYPTION_KEY: NEW_KEY });
    expect(afterFirst.map((record) => decryptSecret(record, newOnly))).toEqual(Object.values(PLAINTEXTS));
  });

  it("reports values it cannot decrypt and leaves them out of the writes", () => {
    const [a, b] = records;
    if (!a || !b) throw new Error("fixture");
    const unknown = { id: "x", ...encryptSecret("secret-x-0123456789", loadKeyring({ QUIVER_ENCRYPTION_KEY: generateEncryptionKey() })) };
    const modified = { ...b, ciphertext: b.ciphertext.slice(0, -4) + (b.ciphertext.endsWith("AAAA") ? "BBBB" : "AAAA") };
    const result = rotateSecrets([a, unknown, modified], rotating);
    expect(result.rotated.map((record) => record.id)).toEqual(["a"]);
    expect(result.failures.map(({ id, keyId }) => ({ id, keyId }))).toEqual([
      { id: "x", keyId: unknown.keyId },
      { id: "b", keyId: oldest.activeKeyId },
    ]);
    expect(result.failures[0]?.reason).toContain("not configured");
    expect(result.failures[1]?.reason).toMatch(/modified or corrupted|expected format/);
  });
});

describe("rotateSecrets with associated data", () => {
  const bound = "tool-secret:bound";
  const legacy = { id: "legacy", ...encryptSecret(PLAINTEXTS.a, rotating), rebindTo: bound };
  const current = { id: "current", ...encryptSecret(PLAINTEXTS.b, rotating, bound), associatedData: bound, rebindTo: bound };
  const stale = { id: "stale", ...encryptSecret(PLAINTEXTS.c, old, bound), associatedData: bound, rebindTo: bound };

  it("rebinds a value under the active key, re-encrypts a bound one keeping its binding, leaves the rest", () => {
    const result = rotateSecrets([legacy, current, stale], rotating);
    expect(result.alreadyCurrent).toBe(1);
    expect(result.rotated.map(({ id, rebound }) => ({ id, rebound }))).toEqual([
      { id: "legacy", rebound: true },
      { id: "stale", rebound: false },
    ]);
    for (const record of result.rotated) {
      expect(record.keyId).toBe(rotating.activeKeyId);
      expect(decryptSecret(record, rotating, bound)).toMatch(/^secret-[ac]-/);
      expect(() => decryptSecret(record, rotating)).toThrow();
    }
    expect(describeRotation(result)).toContain("1 of them now bound to their tool and header as well.");
  });

  it("reports a value presented with other associated data than it was encrypted with", () => {
    const copied = { ...stale, associatedData: "tool-secret:elsewhere" };
    const result = rotateSecrets([copied], rotating);
    expect(result.rotated).toEqual([]);
    expect(result.failures.map((failure) => failure.id)).toEqual(["stale"]);
  });
});

describe("describeRotation", () => {
  it("says what was re-encrypted, from which keys, and what is left", () => {
    const text = describeRotation(rotateSecrets(records, rotating));
    expect(text).toContain(`Re-encrypted 2 secrets under key id ${rotating.activeKeyId}`);
    expect(text).toContain(`${old.activeKeyId}: 1`);
    expect(text).toContain(`${oldest.activeKeyId}: 1`);
    expect(text).toContain("Already under it: 1.");
    expect(text).toContain("old keys can be removed from QUIVER_PREVIOUS_ENCRYPTION_KEYS");
  });

  it("says there is nothing to do on a re-run", () => {
    const afterFirst = applied(records, rotateSecrets(records, rotating).rotated);
    expect(describeRotation(rotateSecrets(afterFirst, rotating))).toBe(
      `Nothing to rotate: every stored secret (3) uses key id ${rotating.activeKeyId}.`,
    );
  });

  it("lists failures with their reasons and does not suggest removing old keys", () => {
    const stranger = { id: "x", ...encryptSecret("secret-x-0123456789", loadKeyring({ QUIVER_ENCRYPTION_KEY: generateEncryptionKey() })) };
    const text = describeRotation(rotateSecrets([...records, stranger], rotating));
    expect(text).toContain("1 secret could not be re-encrypted (left unchanged):");
    expect(text).toContain(`  x: A stored secret was encrypted with key id ${stranger.keyId}`);
    expect(text).not.toContain("can be removed");
    expect(text).not.toContain("secret-x");
  });
});
