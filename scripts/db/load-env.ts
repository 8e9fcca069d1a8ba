/**
 * Loads the project's `.env` into `process.env` for command-line scripts. Next.js reads `.env`
 * on its own; Prisma 7 and tsx do not. Variables already set in the environment win.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "../../lib/db/migrations/dialect-schemas";

/** Reads `<project>/.env` when it exists; a missing file is not an error. */
export function loadProjectEnv(file: string = path.join(PROJECT_ROOT, ".env")): void {
  if (existsSync(file)) process.loadEnvFile(file);
}
