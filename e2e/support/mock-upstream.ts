/**
 * Runs the mock upstream (lib/tools/execution/test-support/mock-upstream.ts) for development and
 * the e2e suite (test support, hence here and not in scripts/): `npm run mock-upstream`, on 127.0.0.1 and MOCK_UPSTREAM_PORT (default 3101).
 * Tools pointing at it work once QUIVER_DESTINATION_ALLOWLIST admits 127.0.0.1.
 */
import { createMockUpstream, startUpstream } from "../../lib/tools/testing";

const port = Number(process.env.MOCK_UPSTREAM_PORT ?? 3101);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`MOCK_UPSTREAM_PORT must be a port number (1–65535), not "${process.env.MOCK_UPSTREAM_PORT}"`);
  process.exit(1);
}
const mock = createMockUpstream();
const upstream = await startUpstream(mock.handler, "127.0.0.1", port);
console.log(`mock upstream listening on ${upstream.origin} (GET ${upstream.origin}/__requests lists what it received)`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void upstream.close().then(() => process.exit(0)));
}
