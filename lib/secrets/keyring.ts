/**
 * Encryption keys from configuration (SPEC §5).
 *
 * - `QUIVER_ENCRYPTION_KEY` (required): the active key, base64 or base64url of exactly 32
 *   random bytes (`openssl rand -base64 32`). New values are encrypted with it. The setup
 *   command generates one into `.env` when absent ({@link generateEncryptionKey}).
 * - `QUIVER_PREVIOUS_ENCRYPTION_KEYS` (optional, default empty): comma-separated older keys,
 *   still accepted for decryption while the rotation command re-encrypts under the active key.
 *
 * A key's id is derived from the key itself ("k_" + 12 hex characters of a SHA-256 over a
 * label and the key), so no id has to be configured or kept in sync, and a wrong key shows up
 * as an unknown id rather than as garbage. Keys are held as `KeyObject`s: logging a keyring
 * prints no key material.
 */
import { createHash, createSecretKey, randomBytes, type KeyObject } from "node:crypto";

export const ACTIVE_KEY_VARIABLE = "QUIVER_ENCRYPTION_KEY";
export const PREVIOUS_KEYS_VARIABLE = "QUIVER_PREVIOUS_ENCRYPTION_KEYS";
export type KeyVariable = typeof ACTIVE_KEY_VARIABLE | typeof PREVIOUS_KEYS_VARIABLE;

const KEY_BYTES = 32;
const HOW_TO_SET = `set it to ${KEY_BYTES} random bytes in base64 (openssl rand -base64 ${KEY_BYTES})`;

export interface Keyring {
  /** Id of the key new values are encrypted with. */
  readonly activeKeyId: string;
  /** Every configured key by id: the active one and those still accepted for decryption. */
  readonly keys: ReadonlyMap<string, KeyObject>;
}

/** The encryption configuration is missing or unusable; `variable` names what to fix. */
export class EncryptionKeyError extends Error {
  readonly code = "encryption_key" as const;
  constructor(
    readonly variable: KeyVariable,
    message: string,
  ) {
    super(message);
    this.name = "EncryptionKeyError";
  }
}

/**
 * Reads the keyring from environment variables. Throws an {@link EncryptionKeyError} naming the
 * variable when the active key is missing, or any key is not base64 or not 32 bytes; the
 * message never contains a key.
 */
export function loadKeyring(env: Readonly<Record<string, string | undefined>>): Keyring {
  const active = env[ACTIVE_KEY_VARIABLE]?.trim() ?? "";
  if (active === "") {
    throw new EncryptionKeyError(ACTIVE_KEY_VARIABLE, `${ACTIVE_KEY_VARIABLE} is missing: run the setup command or ${HOW_TO_SET}.`);
  }
  const activeKey = parseKey(active, ACTIVE_KEY_VARIABLE);
  const previous = (env[PREVIOUS_KEYS_VARIABLE] ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .map((entry, index) => (entry === "" ? null : parseKey(entry, PREVIOUS_KEYS_VARIABLE, index + 1)))
    .filter((key) => key !== null);
  return keyringOf(activeKey, previous);
}

/** A new random key in the format `QUIVER_ENCRYPTION_KEY` expects (for the setup command). */
export function generateEncryptionKey(): string {
  return randomBytes(KEY_BYTES).toString("base64");
}

function keyringOf(active: Buffer, previous: readonly Buffer[]): Keyring {
  const keys = new Map<string, KeyObject>();
  for (const key of [active, ...previous]) {
    const id = deriveKeyId(key);
    if (!keys.has(id)) keys.set(id, createSecretKey(key));
  }
  return { activeKeyId: deriveKeyId(active), keys };
}

function deriveKeyId(key: Buffer): string {
  return "k_" + createHash("sha256").update("quiver-key-id\0").update(key).digest("hex").slice(0, 12);
}

function parseKey(encoded: string, variable: KeyVariable, position?: number): Buffer {
  const where = position === undefined ? variable : `${variable} (entry ${position})`;
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)) {
    throw new EncryptionKeyError(variable, `${where} is not base64: ${HOW_TO_SET}.`);
  }
  const key = Buffer.from(encoded, "base64");
  if (key.length !== KEY_BYTES) {
    throw new EncryptionKeyError(variable, `${where} is ${key.length} bytes, not ${KEY_BYTES}: ${HOW_TO_SET}.`);
  }
  return key;
}
