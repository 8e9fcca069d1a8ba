/**
 * `npm run gateway`: the agents' door — the runtime API and the MCP endpoints — alone on
 * QUIVER_GATEWAY_HOST:QUIVER_GATEWAY_PORT (default 127.0.0.1:3001), beside or apart from the
 * dashboard, on the same database and configuration (.env). Checks the configuration first, as
 * the app's server does; SIGTERM or SIGINT drains it and writes the call log before it exits.
 *
 * Run with `--conditions=react-server` (the npm script does): the door's modules are server-only.
 */
import { loadProjectEnv } from "./db/load-env";

loadProjectEnv();
const { verifyConfigurationBeforeServing } = await import("../lib/setup");
const { gatewayAddressFromEnv, startGateway } = await import("../lib/agent-door/gateway");
const { ValidationError } = await import("../lib/errors");

let address;
try {
  address = gatewayAddressFromEnv(process.env);
} catch (error) {
  if (!(error instanceof ValidationError)) throw error;
  console.error(`\nThe gateway cannot start: ${error.issues.map((issue) => `${issue.path} ${issue.message}`).join("; ")}\n`);
  process.exit(1);
}
await verifyConfigurationBeforeServing();
const gateway = await startGateway(address);
console.log(`Quiver gateway (runtime API and MCP) listening on ${gateway.origin}/api/v1`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  // A lasting listener: the call log's own shutdown hook then leaves the exit to this one.
  process.on(signal, () => {
    void gateway.stop().then(() => process.exit(0));
  });
}
