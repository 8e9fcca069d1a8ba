/**
 * `npm run db:migration -- <name>`: writes the next migration for SQLite and PostgreSQL from the
 * changes made to prisma/schema.prisma since the latest migration.
 */
import { createMigration } from "./new-migration";

const folder = await createMigration(process.argv.slice(2).join(" "));
if (folder === null) {
  console.log("No changes: prisma/schema.prisma matches the latest migration of both dialects.");
} else {
  console.log(`Created ${folder} in prisma/migrations/sqlite and prisma/migrations/postgresql.`);
  console.log("Review the SQL, then apply it with: npm run db:migrate");
}
