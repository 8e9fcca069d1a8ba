/**
 * The app's server as `npm start` runs it (scripts/server.ts: one port, the agents' door in front
 * of Next.js) and as `npm run gateway` runs the door alone, for the specs and benchmarks that start
 * one of their own. package.json's `start` and `gateway` run the same arguments
 * (scripts/server.test.ts and scripts/gateway.test.ts check that they agree).
 */
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";

/**
 * Node's flags for a process serving agents. A young generation of 32 MB a semi-space (V8's
 * default is 16 MB here) halves how often the scavenger runs; each run costs about the same
 * whatever the space's size (it copies the calls in flight, not the garbage), so a call's CPU
 * drops — by 4 to 13% in three interleaved A/B runs (bench/README.md) — for 10 to 90 MB more
 * resident memory (the space grows to its limit only under load). The benchmarks' forwarding-only
 * floor runs with them too.
 */
export const DOOR_NODE_FLAGS = ["--max-semi-space-size=32"] as const;

export const APP_SERVER_ARGS = [...DOOR_NODE_FLAGS, "--import", "tsx", "--import", "./scripts/server-only-loader.mjs", "scripts/server.ts"] as const;

/** `APP_SERVER_ARGS` as one shell command (for Playwright's webServer). */
export const APP_SERVER_COMMAND = `node ${APP_SERVER_ARGS.join(" ")}`;

/** `npm run gateway` (the agents' door alone): tsx's loader in the server's own process, which its flags and signals reach. */
export const GATEWAY_ARGS = [...DOOR_NODE_FLAGS, "--import", "tsx", "--conditions=react-server", "scripts/gateway.ts"] as const;

/** `GATEWAY_ARGS` as one shell command (package.json's `gateway`). */
export const GATEWAY_COMMAND = `node ${GATEWAY_ARGS.join(" ")}`;

/** Starts the app's server on `port` with `env`, under this node, in its own process group: `process.kill(-pid)` stops it and its exit is the server's. */
export function spawnAppServer(port: number, env: NodeJS.ProcessEnv, stdio: StdioOptions = "ignore"): ChildProcess {
  return spawn(process.execPath, [...APP_SERVER_ARGS], { env: { ...env, PORT: String(port) }, stdio, detached: true });
}

/** Starts `npm run gateway` on 127.0.0.1:`port` with `env`, like {@link spawnAppServer}. */
export function spawnGateway(port: number, env: NodeJS.ProcessEnv, stdio: StdioOptions = "ignore"): ChildProcess {
  return spawn(process.execPath, [...GATEWAY_ARGS], { env: { ...env, QUIVER_GATEWAY_PORT: String(port) }, stdio, detached: true });
}

/** Stops a server `spawnAppServer` started and waits until it has exited: on SIGTERM it flushes its call log, a write a clean-up must not race. */
export async function stopAppServer(server: ChildProcess | undefined): Promise<void> {
  if (!server?.pid || server.exitCode !== null) return;
  const exited = new Promise((settle) => server.once("exit", settle));
  process.kill(-server.pid, "SIGTERM");
  const giveUp = setTimeout(() => process.kill(-server.pid!, "SIGKILL"), 15_000);
  await exited;
  clearTimeout(giveUp);
}
