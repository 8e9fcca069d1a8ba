/**
 * `npm run secrets:rotate`: re-encrypts every stored secret under QUIVER_ENCRYPTION_KEY. Put the
 * previous key in QUIVER_PREVIOUS_ENCRYPTION_KEYS first; run it again at any time (it then
 * reports nothing to do); remove the old key once it reports nothing left under it. Every run
 * that gets as far as rotating is recorded in the audit trail (counts and key ids only).
 */
import { loadProjectEnv } from "./db/load-env";

loadProjectEnv();
const { loadKeyring } = await import("../lib/secrets");
const { rotateStoredSecrets } = await import("../lib/secrets/server");
const { recordSecretsRotation } = await import("../lib/secrets/server");
const { getDb } = await import("../lib/db/client");

try {
  const keyring = loadKeyring(process.env);
  const report = await rotateStoredSecrets(keyring);
  await recordSecretsRotation({
    activeKeyId: keyring.activeKeyId,
    previousKeyIds: [...keyring.keys.keys()].filter((keyId) => keyId !== keyring.activeKeyId),
    kinds: Object.fromEntries(
      Object.entries(report.byKind).map(([kind, counts]) => [kind, { reEncrypted: counts.rewrapped, changedMeanwhile: counts.changedMeanwhile, failed: counts.failed }]),
    ),
  });
  console.log(report.summary);
  process.exitCode = report.failed > 0 ? 1 : 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await getDb().$disconnect();
}
