/**
 * Global teardown: the e2e server's own output (everything it logged while the suite ran) must
 * not contain any watched secret in any encoded form. The leak guard covers what reaches the
 * browser; this covers the logs (SPEC §5).
 */
import { readFileSync } from "node:fs";
import { describeLeaks, findLeaks } from "../fixtures/leak-detector";
import { DEFAULT_WATCHED_SECRETS } from "../fixtures/leak-guard";
import { E2E_SERVER_LOG } from "./environment";

export default function checkServerLog(): void {
  const log = readFileSync(E2E_SERVER_LOG, "utf8");
  // What scripts/server.ts prints once it serves.
  if (!log.includes("Quiver listening on")) throw new Error(`${E2E_SERVER_LOG} does not hold the e2e server's output.`);
  const leaks = findLeaks([{ url: E2E_SERVER_LOG, contentType: "text/plain", body: log }], DEFAULT_WATCHED_SECRETS);
  if (leaks.length > 0) throw new Error(describeLeaks(leaks).replace("reached the browser", "reached the server log"));
}
