import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { EncryptionKeyError, generateEncryptionKey, loadKeyring } from "./keyring";

const KEY = Buffer.alloc(32, 7).toString("base64");
const OLD = Buffer.alloc(32, 9).toString("base64");

const failure = (env: Record<string, string | undefined>) => {
  try {
    loadKeyring(env);
  } catch (error) {
    if (error instanceof EncryptionKeyError) return error;
    throw error;
  }
  throw new Error("loadKeyring accepted the configuration");
};

describe("loadKeyring refuses an unusable configuration, naming the variable", () => {
  it.each([
    ["missing", {}, "QUIVER_ENCRYPTION_KEY", "QUIVER_ENCRYPTION_KEY is missing: run the setup command or set it to 32 random bytes in base64 (openssl rand -base64 32)."],
    ["blank", { QUIVER_ENCRYPTION_KEY: "  " }, "QUIVER_ENCRYPTION_KEY", "QUIVER_ENCRYPTION_KEY is missing"],
    ["not base64", { QUIVER_ENCRYPTION_KEY: "not a key!" }, "QUIVER_ENCRYPTION_KEY", "QUIVER_ENCRYPTION_KEY is not base64"],
    ["too short", { QUIVER_ENCRYPTION_KEY: Buffer.alloc(16).toString("base64") }, "QUIVER_ENCRYPTION_KEY", "QUIVER_ENCRYPTION_KEY is 16 bytes, not 32"],
    ["hex instead of base64", { QUIVER_ENCRYPTION_KEY: "ab".repeat(32) }, "QUIVER_ENCRYPTION_KEY", "QUIVER_ENCRYPTION_KEY is 48 bytes, not 32"],
    [
      "a bad previous key",
      { QUIVER_ENCRYPTION_KEY: KEY, QUIVER_PREVIOUS_ENCRYPTION_KEYS: `${OLD},c2hvcnQ=` },
      "QUIVER_PREVIOUS_ENCRYPTION_KEYS",
      "QUIVER_PREVIOUS_ENCRYPTION_KEYS (entry 2) is 5 bytes, not 32",
    ],
  ] as const)("%s", (_rule, env, variable, message) => {
    const error = failure(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(message);
    for (const value of Object.values(env)) if (value.trim()) expect(error.message).not.toContain(value.trim());
  });
});

describe("loadKeyring", () => {
  it("derives a key id from the key, the same for base64 and base64url spellings", () => {
    const key = Buffer.from(Array.from({ length: 32 }, (_, i) => 250 - i)); // holds + and / in base64
    const standard = loadKeyring({ QUIVER_ENCRYPTION_KEY: ` ${key.toString("base64")}\n` });
    const urlSafe = loadKeyring({ QUIVER_ENCRYPTION_KEY: key.toString("base64url") });
    expect(standard.activeKeyId).toMatch(/^k_[0-9a-f]{12}$/);
    expect(urlSafe.activeKeyId).toBe(standard.activeKeyId);
    expect(loadKeyring({ QUIVER_ENCRYPTION_KEY: KEY }).activeKeyId).not.toBe(standard.activeKeyId);
  });

  it("accepts previous keys for decryption, ignoring blanks and repeats", () => {
    const keyring = loadKeyring({ QUIVER_ENCRYPTION_KEY: KEY, QUIVER_PREVIOUS_ENCRYPTION_KEYS: ` ${OLD}, ,${KEY},` });
    const oldId = loadKeyring({ QUIVER_ENCRYPTION_KEY: OLD }).activeKeyId;
    expect([...keyring.keys.keys()]).toEqual([keyring.activeKeyId, oldId]);
  });

  it("has only the active key when no previous keys are configured", () => {
    const keyring = loadKeyring({ QUIVER_ENCRYPTION_KEY: KEY });
    expect([...keyring.keys.keys()]).toEqual([keyring.activeKeyId]);
  });

  it("prints no key material when logged", () => {
    const printed = inspect(loadKeyring({ QUIVER_ENCRYPTION_KEY: KEY, QUIVER_PREVIOUS_ENCRYPTION_KEYS: OLD }), { depth: 10 });
    for (const key of [KEY, OLD]) {
      expect(printed).not.toContain(key);
      expect(printed).not.toContain(Buffer.from(key, "base64").toString("hex"));
    }
    expect(printed).not.toMatch(/07 07 07|09 09 09/);
  });
});

describe("generateEncryptionKey", () => {
  it("generates a fresh key in the configured format", () => {
    const [first, second] = [generateEncryptionKey(), generateEncryptionKey()];
    expect(Buffer.from(first, "base64")).toHaveLength(32);
    expect(first).not.toBe(second);
    expect(loadKeyring({ QUIVER_ENCRYPTION_KEY: first }).activeKeyId).not.toBe(loadKeyring({ QUIVER_ENCRYPTION_KEY: second }).activeKeyId);
  });
});
