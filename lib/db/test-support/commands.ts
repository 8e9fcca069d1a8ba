/**
 * Runs a project script (`npm run db:migrate`, `db:seed`, `secrets:rotate`) the way npm does — tsx
 * from the project root, resolving with React's server condition as package.json's scripts that
 * reach the domains' server modules do (they import `server-only`) — in a child process, so tests
 * see its real exit code and output.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { PROJECT_ROOT } from "../migrations/dialect-schemas";

/** A loaded two-core machine runs several of these at once; this only bounds a hung child. */
const COMMAND_TIMEOUT_MS = 120_000;
/** For `it(…, timeout)`: two commands and their database work, on a busy machine. */
export const COMMAND_TEST_TIMEOUT_MS = 2 * COMMAND_TIMEOUT_MS;

export interface CommandResult {
  /** The exit code (non-zero when the script failed or was killed). */
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `script` (relative to the project root) with `env` over this process's environment. */
export function runProjectScript(script: string, env: Readonly<Record<string, string>>): Promise<CommandResult> {
  const tsx = path.join(PROJECT_ROOT, "node_modules/tsx/dist/cli.mjs");
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [tsx, "--conditions=react-server", script],
      { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, timeout: COMMAND_TIMEOUT_MS },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
