/**
 * The test certificate's files (e2e/support/tls: localhost, 127.0.0.1 and ::1), for the https
 * loopback hosts that serve OAuth client metadata documents. The servers under test trust it
 * through NODE_EXTRA_CA_CERTS = {@link LOOPBACK_TEST_CERT}.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export const LOOPBACK_TEST_CERT = path.resolve("e2e/support/tls/loopback-test-cert.pem");

/** The key and certificate for `https.createServer`. */
export function loopbackTlsOptions(): { key: Buffer; cert: Buffer } {
  return { key: readFileSync(path.resolve("e2e/support/tls/loopback-test-key.pem")), cert: readFileSync(LOOPBACK_TEST_CERT) };
}
