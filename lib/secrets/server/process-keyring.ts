/**
 * The process's encryption keyring, read once from the environment. A missing or malformed key
 * throws an EncryptionKeyError naming the variable to fix.
 */
import { loadKeyring, type Keyring } from "../keyring";

let cached: Keyring | null = null;

/** The keyring configured by QUIVER_ENCRYPTION_KEY (and QUIVER_PREVIOUS_ENCRYPTION_KEYS). */
export function getKeyring(): Keyring {
  cached ??= loadKeyring(process.env);
  return cached;
}
