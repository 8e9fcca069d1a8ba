/**
 * `npm start`: Quiver on one port (issue 23). Agents' requests — `/api/v1`, the runtime API and
 * the MCP endpoints — go straight to the door's framework-free handler; every other request goes
 * to Next.js (its documented custom-server mode), so a newcomer runs one command and opens one URL
 * while agents pay a bare node server's cost, not a framework route's. `PORT` (default 3000) is
 * where it listens, on every interface as `next start` does. Run `npx next build` first (setup does).
 * SIGTERM or SIGINT drains both and writes the call log before it exits.
 *
 * Run as package.json's `start` does: `node --max-semi-space-size=32 --import tsx --import
 * ./scripts/server-only-loader.mjs scripts/server.ts` (a larger young generation for a serving
 * process, see e2e/support/app-server.ts; TypeScript, and the door's server-only modules outside Next.js).
 */
import { loadProjectEnv } from "./db/load-env";

loadProjectEnv();
const { default: next } = await import("next");
const { verifyConfigurationBeforeServing } = await import("../lib/setup");
const { portProblem, startGateway } = await import("../lib/agent-door/gateway");
const { PROJECT_ROOT } = await import("../lib/db/migrations/dialect-schemas");

const portText = process.env.PORT?.trim() || "3000";
const badPort = portProblem(portText);
if (badPort !== null) {
  console.error(`\nQuiver cannot start: PORT ${badPort}\n`);
  process.exit(1);
}
const port = Number(portText);

// Before anything listens (Next.js runs the same check from instrumentation.ts, but only once serving).
await verifyConfigurationBeforeServing();
const dev = process.env.NODE_ENV === "development";
const app = next({ dev, dir: PROJECT_ROOT, port });
await app.prepare();
const handle = app.getRequestHandler();
const server = await startGateway({ port, otherwise: (request, response) => void handle(request, response) });
console.log(`Quiver listening on ${server.origin} (dashboard; agents' door at ${server.origin}/api/v1)`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  // A lasting listener: the call log's own shutdown hook then leaves the exit to this one.
  process.on(signal, () => {
    void server
      .stop()
      .then(() => app.close())
      .then(() => process.exit(0));
  });
}
