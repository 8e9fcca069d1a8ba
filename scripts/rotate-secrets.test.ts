/**
 * The rotation command as an operator runs it (`npm run secrets:rotate`), against a real SQLite
 * file: it re-encrypts under the new key and says so, a second run has nothing to do, and a
 * secret it cannot decrypt makes it fail (exit 1) without touching that secret.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, setDb, type Db } from "../lib/db/client";
import { insertOperator, referenceTool, sealedSecret } from "../lib/db/test-support/fixtures";
import { getToolSecretsForExecution } from "../lib/db/tool-secrets";
import { saveTool } from "../lib/db/tool-saves";
import { generateEncryptionKey, loadKeyring } from "../lib/secrets/keyring";
import { applyPendingMigrations } from "./db/apply-migrations";

const run = promisify(execFile);
const folder = mkdtempSync(path.join(tmpdir(), "quiver-rotate-"));
const url = `file:${path.join(folder, "rotate.db")}`;
const oldKey = generateEncryptionKey();
const newKey = generateEncryptionKey();
let db: Db;

async function rotate(keys: { active: string; previous: string }) {
  const env = { ...process.env, DATABASE_URL: url, QUIVER_ENCRYPTION_KEY: keys.active, QUIVER_PREVIOUS_ENCRYPTION_KEYS: keys.previous };
  try {
    const { stdout } = await run("npx", ["tsx", "scripts/rotate-secrets.ts"], { env });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

beforeAll(async () => {
  await applyPendingMigrations(url);
  db = createDb(url);
  setDb(db);
  const actor = await insertOperator(db, "rotator@example.com");
  const oldKeyring = loadKeyring({ QUIVER_ENCRYPTION_KEY: oldKey });
  await saveTool({ definition: referenceTool(), secrets: [sealedSecret("Authorization", "Bearer sk-rotate-0123456789", oldKeyring)], baseVersion: null, actor });
});

afterAll(async () => {
  await db.$disconnect();
  rmSync(folder, { recursive: true, force: true });
});

describe("npm run secrets:rotate", () => {
  it("refuses (exit 1) while the old key is not configured, leaving the secret as it was", async () => {
    const before = await getToolSecretsForExecution("lookup_order");
    const { code, output } = await rotate({ active: newKey, previous: "" });
    expect(code).toBe(1);
    expect(output).toMatch(/could not be re-encrypted/);
    expect(await getToolSecretsForExecution("lookup_order")).toEqual(before);
  });

  it("re-encrypts under the new key id, then has nothing left to do", async () => {
    const newKeyId = loadKeyring({ QUIVER_ENCRYPTION_KEY: newKey }).activeKeyId;
    const first = await rotate({ active: newKey, previous: oldKey });
    expect(first.code).toBe(0);
    expect(first.output).toContain(`Re-encrypted 1 secret under key id ${newKeyId}`);
    expect((await getToolSecretsForExecution("lookup_order"))[0]!.keyId).toBe(newKeyId);

    const second = await rotate({ active: newKey, previous: oldKey });
    expect(second.code).toBe(0);
    expect(second.output).toMatch(/Nothing to rotate/);
  });
});
