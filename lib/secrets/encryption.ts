/**
 * Encryption at rest (SPEC §5): AES-256-GCM under the keyring's active key.
 *
 * Stored format: `keyId` beside `ciphertext = "v1." + base64url(iv ‖ tag ‖ data)` with a random
 * 12-byte IV and a 16-byte tag. The version prefix leaves room for another scheme later; the
 * key id is bound as additional authenticated data, so relabelling a value with another key id
 * fails authentication instead of decrypting under the wrong key. A caller may bind more
 * (`associatedData`, e.g. the tool and header a value belongs to, see binding.ts): the value then
 * decrypts only with the same associated data, so a ciphertext copied elsewhere is refused.
 *
 * Only the executor (to inject a header) and the rotation command decrypt. Error messages name
 * key ids and variables, never a key or a plaintext.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { ACTIVE_KEY_VARIABLE, PREVIOUS_KEYS_VARIABLE, type Keyring } from "./keyring";
import { maskSecret } from "./mask";
import { isWellFormedText } from "./unicode";

export interface EncryptedSecret {
  readonly keyId: string;
  readonly ciphertext: string;
}

/** What the store keeps per secret: the encrypted value and its mask, computed at save time. */
export interface StoredSecret extends EncryptedSecret {
  readonly mask: string;
}

const ALGORITHM = "aes-256-gcm";
const FORMAT_PREFIX = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type DecryptionFailure = "unknown_key" | "tampered" | "malformed";

/** A stored secret that cannot be decrypted; `reason` says why, the message what to do. */
export class SecretDecryptionError extends Error {
  readonly code = "secret_decryption" as const;
  constructor(
    readonly reason: DecryptionFailure,
    readonly keyId: string,
    message: string,
  ) {
    super(message);
    this.name = "SecretDecryptionError";
  }
}

/**
 * Encrypts `plaintext` under the active key, bound to `associatedData` when given (decryption then
 * needs the same text). Throws a RangeError for unpaired surrogates.
 */
export function encryptSecret(plaintext: string, keyring: Keyring, associatedData?: string): EncryptedSecret {
  if (!isWellFormedText(plaintext)) throw new RangeError("A secret must be well-formed Unicode text.");
  const keyId = keyring.activeKeyId;
  const key = keyring.keys.get(keyId);
  if (!key) throw new Error(`The keyring's active key ${keyId} is not among its keys.`);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData(keyId, associatedData));
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const ciphertext = FORMAT_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64url");
  return { keyId, ciphertext };
}

/**
 * The plaintext of a stored secret. Throws a {@link SecretDecryptionError} when its key id is
 * not configured, when it was modified (ciphertext, tag, IV or key id) or belongs elsewhere
 * (`associatedData` other than it was encrypted with: "tampered"), or when it is not in the
 * stored format.
 */
export function decryptSecret(secret: EncryptedSecret, keyring: Keyring, associatedData?: string): string {
  const { keyId } = secret;
  const key = keyring.keys.get(keyId);
  if (!key) {
    throw new SecretDecryptionError(
      "unknown_key",
      keyId,
      `A stored secret was encrypted with key id ${keyId}, which is not configured: set ${PREVIOUS_KEYS_VARIABLE} ` +
        `(or ${ACTIVE_KEY_VARIABLE}) to the key it was encrypted with.`,
    );
  }
  const bytes = decodeCiphertext(secret.ciphertext);
  if (!bytes) {
    throw new SecretDecryptionError("malformed", keyId, `A stored secret (key id ${keyId}) is not in the expected format.`);
  }
  const decipher = createDecipheriv(ALGORITHM, key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(additionalData(keyId, associatedData));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretDecryptionError(
      "tampered",
      keyId,
      `A stored secret failed authentication with key id ${keyId}: it was modified or corrupted, or copied from elsewhere.`,
    );
  }
}

/** Encrypts `plaintext` (see {@link encryptSecret}) and records its mask, so reading a mask needs no decryption. */
export function sealSecret(plaintext: string, keyring: Keyring, associatedData?: string): StoredSecret {
  return { ...encryptSecret(plaintext, keyring, associatedData), mask: maskSecret(plaintext) };
}

/**
 * The key id, then the caller's associated data after a NUL. Key ids never contain NUL (only a
 * configured id reaches here), so no value bound to data can pass for one bound to none.
 */
function additionalData(keyId: string, associatedData: string | undefined): Buffer {
  const bound = associatedData === undefined ? "" : `\0${associatedData}`;
  return Buffer.from(`quiver-secret:v1:${keyId}${bound}`, "utf8");
}

function decodeCiphertext(ciphertext: string): Buffer | null {
  if (!ciphertext.startsWith(FORMAT_PREFIX)) return null;
  const encoded = ciphertext.slice(FORMAT_PREFIX.length);
  const bytes = Buffer.from(encoded, "base64url");
  // Buffer skips stray characters and ignores spare bits: accept only the canonical encoding,
  // so every change to the stored text is a change to the bytes GCM authenticates.
  if (bytes.toString("base64url") !== encoded || bytes.length < IV_BYTES + TAG_BYTES) return null;
  return bytes;
}
