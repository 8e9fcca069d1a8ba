import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, sealSecret, SecretDecryptionError, type EncryptedSecret } from "./encryption";
import { generateEncryptionKey, loadKeyring } from "./keyring";

const KEY = generateEncryptionKey();
const OTHER_KEY = generateEncryptionKey();
const keyring = loadKeyring({ QUIVER_ENCRYPTION_KEY: KEY });
const otherKeyring = loadKeyring({ QUIVER_ENCRYPTION_KEY: OTHER_KEY });
const bothKeys = loadKeyring({ QUIVER_ENCRYPTION_KEY: OTHER_KEY, QUIVER_PREVIOUS_ENCRYPTION_KEYS: KEY });
const PLAINTEXT = "qvr_live_7Hk2pXw9Lm4QzR8tN3vB6cYd";

const decryptionFailure = (secret: EncryptedSecret, ring = keyring) => {
  try {
    decryptSecret(secret, ring);
  } catch (error) {
    if (error instanceof SecretDecryptionError) return error;
    throw error;
  }
  throw new Error("decryptSecret accepted the value");
};

/** `ciphertext` with the byte at `offset` of its decoded payload flipped. */
const flipByte = (ciphertext: string, offset: number) => {
  const bytes = Buffer.from(ciphertext.slice(3), "base64url");
  bytes.writeUInt8((bytes.readUInt8(offset) ^ 0x01) & 0xff, offset);
  return "v1." + bytes.toString("base64url");
};

describe("encryptSecret / decryptSecret", () => {
  it.each([
    ["empty", ""],
    ["a token", PLAINTEXT],
    ["spaces, symbols and non-ASCII", 'Blue horse/42+Staple&Ünïcode"ok'],
    ["astral characters", "key-😀-𝄞"],
    ["long", "x".repeat(10_000)],
  ])("round-trips %s", (_case, plaintext) => {
    expect(decryptSecret(encryptSecret(plaintext, keyring), keyring)).toBe(plaintext);
  });

  it("round-trips any well-formed text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (plaintext) => {
        expect(decryptSecret(encryptSecret(plaintext, keyring), keyring)).toBe(plaintext);
      }),
    );
  });

  it("stores the active key id and a versioned ciphertext that hides the plaintext", () => {
    const first = encryptSecret(PLAINTEXT, keyring);
    const second = encryptSecret(PLAINTEXT, keyring);
    expect(first.keyId).toBe(keyring.activeKeyId);
    expect(first.ciphertext).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(first.ciphertext).not.toBe(second.ciphertext); // a fresh IV each time
    expect(first.ciphertext).not.toContain(PLAINTEXT);
  });

  it("refuses text with an unpaired surrogate, which could not round-trip", () => {
    expect(() => encryptSecret("a\ud800", keyring)).toThrow(RangeError);
  });

  it("decrypts values of a previous key after a key change", () => {
    const old = encryptSecret(PLAINTEXT, keyring);
    expect(decryptSecret(old, bothKeys)).toBe(PLAINTEXT);
    expect(encryptSecret(PLAINTEXT, bothKeys).keyId).toBe(otherKeyring.activeKeyId);
  });
});

describe("associated data binds a value to where it belongs", () => {
  const here = 'tool-secret:["tool-1","authorization"]';

  it("round-trips with the same associated data", () => {
    expect(decryptSecret(encryptSecret(PLAINTEXT, keyring, here), keyring, here)).toBe(PLAINTEXT);
    expect(decryptSecret(sealSecret(PLAINTEXT, keyring, here), keyring, here)).toBe(PLAINTEXT);
  });

  it.each([
    ["other associated data (another tool or header)", here, 'tool-secret:["tool-2","authorization"]'],
    ["none, for a bound value", here, undefined],
    ["some, for an unbound value", undefined, here],
    ["empty text is not the same as none", "", undefined],
  ])("refuses %s as tampered, revealing nothing", (_case, boundTo, presented) => {
    const error = (() => {
      try {
        decryptSecret(encryptSecret(PLAINTEXT, keyring, boundTo), keyring, presented);
      } catch (caught) {
        return caught;
      }
      throw new Error("decryptSecret accepted the value");
    })();
    expect(error).toBeInstanceOf(SecretDecryptionError);
    expect(error).toMatchObject({ reason: "tampered" });
    expect(String((error as Error).message)).not.toContain(PLAINTEXT);
  });
});

describe("the stored format is AES-256-GCM under the configured 32-byte key (SPEC §5)", () => {
  // Everything here is written from the documented format, not from the implementation's
  // constants: "v1." + base64url(12-byte IV ‖ 16-byte tag ‖ data), the key id bound as AAD.
  const rawKey = Buffer.from(KEY, "base64");
  const aad = (keyId: string) => Buffer.from(`quiver-secret:v1:${keyId}`, "utf8");

  it("decrypts independently with node:crypto", () => {
    expect(rawKey).toHaveLength(32);
    const { keyId, ciphertext } = encryptSecret(PLAINTEXT, keyring);
    expect(ciphertext.startsWith("v1.")).toBe(true);
    const bytes = Buffer.from(ciphertext.slice(3), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", rawKey, bytes.subarray(0, 12), { authTagLength: 16 });
    decipher.setAAD(aad(keyId));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const plaintext = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
    expect(plaintext).toBe(PLAINTEXT);
    // GCM is a stream mode: the data is exactly as long as the UTF-8 plaintext, nothing padded.
    expect(bytes.length).toBe(12 + 16 + Buffer.byteLength(PLAINTEXT, "utf8"));
  });

  it("binds associated data after the key id and a NUL", () => {
    const { keyId, ciphertext } = encryptSecret(PLAINTEXT, keyring, "tool-secret:x");
    const bytes = Buffer.from(ciphertext.slice(3), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", rawKey, bytes.subarray(0, 12), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(`quiver-secret:v1:${keyId}\0tool-secret:x`, "utf8"));
    decipher.setAuthTag(bytes.subarray(12, 28));
    expect(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8")).toBe(PLAINTEXT);
  });

  it("reads a value encrypted independently with node:crypto", () => {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", rawKey, iv, { authTagLength: 16 });
    cipher.setAAD(aad(keyring.activeKeyId));
    const data = Buffer.concat([cipher.update(PLAINTEXT, "utf8"), cipher.final()]);
    const ciphertext = "v1." + Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url");
    expect(decryptSecret({ keyId: keyring.activeKeyId, ciphertext }, keyring)).toBe(PLAINTEXT);
  });
});

describe("decryptSecret refuses what it cannot trust, without revealing anything", () => {
  const stored = encryptSecret(PLAINTEXT, keyring);
  it.each([
    ["a modified IV", { ...stored, ciphertext: flipByte(stored.ciphertext, 0) }, "tampered"],
    ["a modified tag", { ...stored, ciphertext: flipByte(stored.ciphertext, 12) }, "tampered"],
    ["a modified ciphertext", { ...stored, ciphertext: flipByte(stored.ciphertext, 30) }, "tampered"],
    ["a truncated ciphertext", { ...stored, ciphertext: stored.ciphertext.slice(0, -2) }, "tampered"],
    ["another format", { ...stored, ciphertext: "v2." + stored.ciphertext.slice(3) }, "malformed"],
    ["characters outside base64url", { ...stored, ciphertext: stored.ciphertext + "!" }, "malformed"],
    ["too short to hold an IV and a tag", { ...stored, ciphertext: "v1.AAAA" }, "malformed"],
  ] as const)("%s", (_case, secret, reason) => {
    const error = decryptionFailure(secret);
    expect(error.reason).toBe(reason);
    expect(error.message).not.toContain(PLAINTEXT);
    expect(error.message).not.toContain(KEY);
  });

  it("the wrong key: its key id is not configured, and the message says which variable to set", () => {
    const error = decryptionFailure(stored, otherKeyring);
    expect(error.reason).toBe("unknown_key");
    expect(error.message).toContain(`key id ${keyring.activeKeyId}, which is not configured`);
    expect(error.message).toContain("QUIVER_PREVIOUS_ENCRYPTION_KEYS");
    expect(error.message).not.toContain(KEY);
  });

  it("the wrong key under a configured key id (a relabelled value) fails authentication", () => {
    const relabelled = { keyId: otherKeyring.activeKeyId, ciphertext: stored.ciphertext };
    expect(decryptionFailure(relabelled, bothKeys).reason).toBe("tampered");
  });

  it("any change to the stored text fails; none decrypts to something else", () => {
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom(..."ABCXYZabcxyz019-_"), (at, replacement) => {
        const position = 3 + (at % (stored.ciphertext.length - 3));
        fc.pre(stored.ciphertext[position] !== replacement);
        const ciphertext = stored.ciphertext.slice(0, position) + replacement + stored.ciphertext.slice(position + 1);
        expect(decryptionFailure({ ...stored, ciphertext }).reason).toMatch(/tampered|malformed/);
      }),
    );
  });
});

describe("sealSecret", () => {
  it.each([
    [PLAINTEXT, "••••6cYd"],
    ["pin-90417", "••••"],
  ])("encrypts %s and records its mask", (plaintext, mask) => {
    const sealed = sealSecret(plaintext, keyring);
    expect(sealed.mask).toBe(mask);
    expect(decryptSecret(sealed, keyring)).toBe(plaintext);
  });
});
