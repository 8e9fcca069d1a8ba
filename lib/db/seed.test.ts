import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import bcrypt from "bcryptjs";
import { afterAll, describe, expect, it } from "vitest";
import { applyPendingMigrations } from "../../scripts/db/apply-migrations";
import { PROJECT_ROOT } from "../../scripts/db/dialect-schemas";
import { decryptSecret } from "../secrets/encryption";
import { generateEncryptionKey } from "../secrets/keyring";
import { parseToolDefinition } from "../tools/definition";
import { getPersonaChain } from "./personas";
import { DEFAULT_ADMIN_EMAIL, seedDatabase } from "./seed";
import { EXAMPLE_SECRET_VALUE, EXAMPLE_TOOLS } from "./seed-examples";
import { databaseTargets, dropDatabase, useTestDatabase } from "./test-support/databases";
import { testKeyring } from "./test-support/fixtures";
import { dumpAllTables, dumpText } from "./test-support/raw-rows";
import { getStoredToolSecrets } from "./tool-secrets";
import { getTool, listTools } from "./tools";
import { findUserForSignIn } from "./users";

const targets = await databaseTargets();
/** The command runs in another process, so it gets a SQLite database of its own. */
const commandTarget = (await databaseTargets())[0]!;
const keyring = testKeyring();

describe.each(targets)("the seed on $name", (target) => {
  const db = useTestDatabase(target);

  it("creates the admin, the persona family and the examples; a second run changes nothing", async () => {
    const first = await seedDatabase({ keyring: () => keyring });
    expect(first).toMatchObject({ adminEmail: DEFAULT_ADMIN_EMAIL, adminCreated: true });
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const admin = await findUserForSignIn(DEFAULT_ADMIN_EMAIL);
    expect(admin).toMatchObject({ role: "admin", active: true });
    expect(await bcrypt.compare(first.generatedPassword!, admin!.passwordHash)).toBe(true);

    expect(first.toolsCreated).toHaveLength(4);
    expect((await listTools()).map((tool) => tool.name).sort()).toEqual(EXAMPLE_TOOLS.map((tool) => String(tool.name)).sort());
    for (const { name } of await listTools()) {
      const tool = await getTool(name);
      expect(() => parseToolDefinition(tool!.definition)).not.toThrow();
    }
    const [secret] = await getStoredToolSecrets("create_support_note");
    expect(decryptSecret(secret!, keyring)).toBe(EXAMPLE_SECRET_VALUE);
    expect(dumpText(await dumpAllTables(db(), target.name))).not.toContain(EXAMPLE_SECRET_VALUE);

    const chain = await getPersonaChain("support-tier1");
    expect(chain.map((persona) => [persona.slug, persona.grant])).toEqual([
      ["support-tier1", null],
      ["support-base", ["get_current_temperature", "triage_request", "search_encyclopedia"]],
    ]);

    const before = await dumpAllTables(db(), target.name);
    const second = await seedDatabase({ adminPassword: "a-different-password", keyring: () => { throw new Error("no key needed"); } });
    expect(second).toEqual({
      adminEmail: DEFAULT_ADMIN_EMAIL, adminCreated: false, generatedPassword: null, personasCreated: [], toolsCreated: [],
    });
    expect(await dumpAllTables(db(), target.name)).toEqual(before);
  });

  it("uses the configured admin e-mail and password, printing nothing to remember", async () => {
    const report = await seedDatabase({ adminEmail: " Ops@Example.com ", adminPassword: "configured-password", keyring: () => keyring });
    expect(report).toMatchObject({ adminEmail: "ops@example.com", adminCreated: true, generatedPassword: null });
    const admin = await findUserForSignIn("ops@example.com");
    expect(await bcrypt.compare("configured-password", admin!.passwordHash)).toBe(true);
  });
});

describe("npm run db:seed", () => {
  afterAll(() => dropDatabase(commandTarget));

  it("prints a generated password once, with the e-mail, and nothing secret on the second run", async () => {
    await applyPendingMigrations(commandTarget.url);
    const run = () =>
      promisify(execFile)(process.execPath, [path.join(PROJECT_ROOT, "node_modules/tsx/dist/cli.mjs"), "prisma/seed.ts"], {
        cwd: PROJECT_ROOT,
        env: {
          ...process.env,
          DATABASE_URL: commandTarget.url,
          QUIVER_ENCRYPTION_KEY: generateEncryptionKey(),
          QUIVER_ADMIN_EMAIL: "",
          QUIVER_ADMIN_PASSWORD: "",
        },
      });
    const first = (await run()).stdout;
    const password = /password: (\S+)/.exec(first)?.[1];
    expect(first).toContain(`e-mail:   ${DEFAULT_ADMIN_EMAIL}`);
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first).toContain("Seeded persona support-base, persona support-tier1, tool get_current_temperature");

    const second = (await run()).stdout;
    expect(second).not.toContain(password);
    expect(second).toContain("already exists; left unchanged");
    expect(second).toContain("nothing to add");
  });
});
