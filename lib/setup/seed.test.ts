import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { decryptSecret } from "../secrets/encryption";
import { generateEncryptionKey, loadKeyring } from "../secrets/keyring";
import { parseToolDefinition } from "../tools";
import { getPersonaChain } from "../personas/server/personas";
import { DEFAULT_ADMIN_EMAIL, seedDatabase } from "./seed";
import { EXAMPLE_SECRET_VALUE, EXAMPLE_TOOLS } from "./seed-examples";
import { COMMAND_TEST_TIMEOUT_MS, runProjectScript } from "../db/test-support/commands";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { testKeyring } from "../db/test-support/fixtures";
import { dumpAllTables, dumpText } from "../db/test-support/raw-rows";
import { getToolSecretsForExecution } from "../catalog/tool-secrets";
import { getTool, listTools } from "../catalog/tools";
import { findUserForSignIn } from "../operators/users";

const targets = await databaseTargets();
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
    // Bound to its tool and header like any saved secret.
    const [secret] = await getToolSecretsForExecution("create_support_note");
    expect(secret!.associatedData).toBeDefined();
    expect(decryptSecret(secret!, keyring, secret!.associatedData)).toBe(EXAMPLE_SECRET_VALUE);
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

  describe("npm run db:seed", () => {
    const encryptionKey = generateEncryptionKey();
    /** Runs the command against this target; its output never carries the example secret or the key. */
    async function seedCommand(adminPassword: string): Promise<string> {
      const { code, stdout, stderr } = await runProjectScript("prisma/seed.ts", {
        DATABASE_URL: target.url,
        QUIVER_ENCRYPTION_KEY: encryptionKey,
        QUIVER_ADMIN_EMAIL: "",
        QUIVER_ADMIN_PASSWORD: adminPassword,
      });
      expect(code, stderr).toBe(0);
      for (const secret of [EXAMPLE_SECRET_VALUE, encryptionKey]) expect(stdout + stderr).not.toContain(secret);
      return stdout;
    }

    it("prints a generated password once, with the e-mail, and nothing secret on the second run", async () => {
      const first = await seedCommand("");
      const password = /password: (\S+)/.exec(first)?.[1];
      expect(first).toContain(`e-mail:   ${DEFAULT_ADMIN_EMAIL}`);
      expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(await bcrypt.compare(password!, (await findUserForSignIn(DEFAULT_ADMIN_EMAIL))!.passwordHash)).toBe(true);
      expect(first).toContain("Seeded persona support-base, persona support-tier1, tool get_current_temperature");
      const [secret] = await getToolSecretsForExecution("create_support_note");
      expect(decryptSecret(secret!, loadKeyring({ QUIVER_ENCRYPTION_KEY: encryptionKey }), secret!.associatedData)).toBe(EXAMPLE_SECRET_VALUE);

      const second = await seedCommand("");
      expect(second).not.toContain(password);
      expect(second).toContain("already exists; left unchanged");
      expect(second).toContain("nothing to add");
    }, COMMAND_TEST_TIMEOUT_MS);

    it("never prints a configured admin password", async () => {
      const configured = "configured-admin-password";
      const output = await seedCommand(configured);
      expect(output).toContain(`First admin created: ${DEFAULT_ADMIN_EMAIL} (password from QUIVER_ADMIN_PASSWORD).`);
      expect(output).not.toContain(configured);
      expect(await bcrypt.compare(configured, (await findUserForSignIn(DEFAULT_ADMIN_EMAIL))!.passwordHash)).toBe(true);
    }, COMMAND_TEST_TIMEOUT_MS);
  });
});
