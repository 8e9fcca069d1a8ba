import "server-only";
/**
 * The server's start-up check: bad configuration — a missing, malformed or wrong encryption key,
 * a missing or short NEXTAUTH_SECRET, a malformed NEXTAUTH_URL, an out-of-range tool setting, half a
 * single sign-on setup — stops the app with a message naming the variable, instead of serving
 * pages that fail one request at a time.
 */
import { ValidationError } from "../errors";
import { validateConfiguration } from "./configuration";
import { getKeyring, verifyStoredSecretsDecrypt } from "../secrets/server";
import { startTracing } from "../observability/tracing-setup";

/**
 * Validates configuration and the keyring against every stored secret, exiting the process when
 * either fails; then turns tracing on if the environment asks for it (tracing-setup.ts).
 */
export async function verifyConfigurationBeforeServing(): Promise<void> {
  try {
    validateConfiguration();
    await verifyStoredSecretsDecrypt(getKeyring());
    startTracing();
  } catch (error) {
    const reason =
      error instanceof ValidationError
        ? error.issues.map((issue) => `${issue.path} ${issue.message}`).join("; ")
        : error instanceof Error
          ? error.message
          : String(error);
    console.error(`\nQuiver cannot start: ${reason}\n`);
    process.exit(1);
  }
}
