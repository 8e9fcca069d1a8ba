/**
 * `npm run db:generate`: derives prisma/schema.postgresql.prisma from prisma/schema.prisma and
 * generates both Prisma clients (lib/db/generated/sqlite and lib/db/generated/postgresql).
 *
 * `prisma generate` never needs the native schema engine, but Prisma tries to download it unless
 * PRISMA_SCHEMA_ENGINE_BINARY names an existing file; its download host is not reachable from
 * every build machine, so any existing executable stands in.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { promisify } from "node:util";
import { DIALECTS, PROJECT_ROOT, SCHEMA_PATHS, derivePostgresSchema, SOURCE_SCHEMA_PATH } from "../../lib/db/migrations/dialect-schemas";

const run = promisify(execFile);
const prismaCli = createRequire(import.meta.url).resolve("prisma/build/index.js");
const engineStandIn = existsSync("/bin/false") ? "/bin/false" : process.execPath;

const started = performance.now();
writeFileSync(SCHEMA_PATHS.postgresql, derivePostgresSchema(readFileSync(SOURCE_SCHEMA_PATH, "utf8")));
await Promise.all(
  DIALECTS.map((dialect) =>
    run(process.execPath, [prismaCli, "generate", "--schema", SCHEMA_PATHS[dialect]], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: engineStandIn, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    }),
  ),
);
console.log(
  `Generated the Prisma clients for ${DIALECTS.join(" and ")} in ${Math.round(performance.now() - started)} ms.`,
);
