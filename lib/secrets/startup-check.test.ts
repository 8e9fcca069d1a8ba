import { describe, expect, it } from "vitest";
import { encryptSecret, SecretDecryptionError } from "./encryption";
import { EncryptionKeyError, generateEncryptionKey, loadKeyring } from "./keyring";
import { assertKeyringCanDecrypt } from "./startup-check";

const OLD_KEY = generateEncryptionKey();
const NEW_KEY = generateEncryptionKey();
const oldKeyring = loadKeyring({ QUIVER_ENCRYPTION_KEY: OLD_KEY });
const newKeyring = loadKeyring({ QUIVER_ENCRYPTION_KEY: NEW_KEY });
const rotating = loadKeyring({ QUIVER_ENCRYPTION_KEY: NEW_KEY, QUIVER_PREVIOUS_ENCRYPTION_KEYS: OLD_KEY });

const underOld = [
  { id: "tool-1/Authorization", ...encryptSecret("first-secret-value", oldKeyring) },
  { id: "tool-2/X-Api-Key", ...encryptSecret("second-secret-value", oldKeyring) },
];
const underNew = [{ id: "tool-3/Authorization", ...encryptSecret("third-secret-value", newKeyring) }];

const captureError = (run: () => void): Error => {
  try {
    run();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error("expected an error");
};

describe("assertKeyringCanDecrypt", () => {
  it.each([
    ["no stored secrets", [], newKeyring],
    ["all under the active key", underNew, newKeyring],
    ["some under a previous key, during a rotation", [...underOld, ...underNew], rotating],
  ])("passes with %s", (_case, samples, keyring) => {
    expect(() => assertKeyringCanDecrypt(samples, keyring)).not.toThrow();
  });

  it("fails on a wrong key, naming both variables and the key ids involved", () => {
    const check = () => assertKeyringCanDecrypt([...underOld, ...underNew], newKeyring);
    expect(check).toThrow(EncryptionKeyError);
    expect(check).toThrow(`encrypted with key id ${oldKeyring.activeKeyId} (2 secrets), which is not configured`);
    expect(check).toThrow(`QUIVER_ENCRYPTION_KEY has key id ${newKeyring.activeKeyId}`);
    expect(check).toThrow("QUIVER_PREVIOUS_ENCRYPTION_KEYS");
  });

  it("fails on modified values, listing the records and no value", () => {
    const [first, second] = underOld;
    if (!first || !second) throw new Error("fixture");
    const modified = [{ ...first, ciphertext: first.ciphertext.slice(0, -4) + "AAAA" }, second];
    const error = captureError(() => assertKeyringCanDecrypt(modified, oldKeyring));
    expect(error).toBeInstanceOf(SecretDecryptionError);
    expect(error.message).toContain("1 stored secret fails authentication (tool-1/Authorization)");
    expect(error.message).not.toContain("first-secret-value");
  });

  it("numbers unnamed samples in its message", () => {
    const [first] = underOld;
    if (!first) throw new Error("fixture");
    const check = () => assertKeyringCanDecrypt([{ keyId: first.keyId, ciphertext: "v1.garbage" }], oldKeyring);
    expect(check).toThrow("(#1)");
  });
});
