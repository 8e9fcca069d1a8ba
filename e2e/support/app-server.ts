/**
 * The app's server as `npm start` runs it (scripts/server.ts: one port, the agents' door in front
 * of Next.js), for the specs and benchmarks that start one of their own. package.json's `start`
 * runs the same arguments (scripts/test-command.test.ts checks that they agree).
 */
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";

export const APP_SERVER_ARGS = ["--import", "tsx", "--import", "./scripts/server-only-loader.mjs", "scripts/server.ts"] as const;

/** `APP_SERVER_ARGS` as one shell command (for Playwright's webServer). */
export const APP_SERVER_COMMAND = `node ${APP_SERVER_ARGS.join(" ")}`;

/** `npm run gateway` (the agents' door alone), with tsx's loader in the same process rather than tsx's CLI (which would run it in a child). */
export const GATEWAY_ARGS = ["--import", "tsx", "--conditions=react-server", "scripts/gateway.ts"] as const;

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
