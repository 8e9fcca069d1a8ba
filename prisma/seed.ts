/**
 * `npm run db:seed`: the first admin, example personas and example tools, into the database
 * DATABASE_URL names (run `npm run db:migrate` first). Safe to run again: it adds only what is
 * missing. A generated admin password is printed once, here, and never again.
 */
import { getDb } from "../lib/db/client";
import { seedDatabase } from "../lib/setup";
import { loadKeyring } from "../lib/secrets";
import { loadProjectEnv } from "../scripts/db/load-env";

loadProjectEnv();
try {
  const report = await seedDatabase({
    adminEmail: process.env.QUIVER_ADMIN_EMAIL,
    adminPassword: process.env.QUIVER_ADMIN_PASSWORD,
    keyring: () => loadKeyring(process.env),
  });
  if (report.generatedPassword) {
    console.log("");
    console.log("  First admin created. Sign in with:");
    console.log(`    e-mail:   ${report.adminEmail}`);
    console.log(`    password: ${report.generatedPassword}`);
    console.log("  This password is shown only now: store it, or set QUIVER_ADMIN_PASSWORD before seeding.");
    console.log("");
  } else if (report.adminCreated) {
    console.log(`First admin created: ${report.adminEmail} (password from QUIVER_ADMIN_PASSWORD).`);
  } else {
    console.log(`Admin ${report.adminEmail} already exists; left unchanged.`);
  }
  const added = [
    ...report.personasCreated.map((slug) => `persona ${slug}`),
    ...report.toolsCreated.map((name) => `tool ${name}`),
  ];
  console.log(added.length > 0 ? `Seeded ${added.join(", ")}.` : "Examples already present; nothing to add.");
} finally {
  await getDb().$disconnect();
}
