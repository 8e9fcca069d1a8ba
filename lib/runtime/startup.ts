/**
 * The server's start-up check: a missing, malformed or wrong encryption key stops the app with a
 * message naming the variable, instead of serving pages that cannot decrypt their secrets.
 */
import { verifyStoredSecretsDecrypt } from "./encryption-maintenance";
import { getKeyring } from "./keyring";

/** Verifies the keyring against every stored secret; exits the process when it cannot. */
export async function verifyEncryptionBeforeServing(): Promise<void> {
  try {
    await verifyStoredSecretsDecrypt(getKeyring());
  } catch (error) {
    console.error(`\nQuiver cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
