/**
 * Configuration for the Prisma CLI, so a real `prisma migrate deploy` (where Prisma's native
 * engine is available) finds the same schema and migrations folder as `npm run db:migrate`:
 * the dialect follows DATABASE_URL, as it does for the app. `npm run db:generate` passes each
 * schema explicitly and does not depend on this file.
 */
import { existsSync } from "node:fs";
import { defineConfig } from "prisma/config";
import { configuredDatabaseUrl, dialectOf } from "./lib/db/database-url";

if (existsSync(".env")) process.loadEnvFile(".env");
const url = configuredDatabaseUrl();
const postgres = dialectOf(url) === "postgresql";

export default defineConfig({
  schema: postgres ? "prisma/schema.postgresql.prisma" : "prisma/schema.prisma",
  migrations: {
    path: postgres ? "prisma/migrations/postgresql" : "prisma/migrations/sqlite",
    seed: "tsx prisma/seed.ts",
  },
  datasource: { url },
});
