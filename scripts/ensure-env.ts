/**
 * Writes `.env` for a fresh checkout: every setting the app needs, with generated secrets, so
 * the setup command needs no manual step. Existing values are never overwritten; a setting
 * already present in the environment is left to the environment.
 */
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { generateEncryptionKey } from "../lib/secrets/keyring";

const ENV_FILE = ".env";

const defaults: [name: string, value: () => string, why: string][] = [
  ["DATABASE_URL", () => "file:./data/quiver.db", "embedded SQLite; set postgresql://… for PostgreSQL"],
  ["NEXTAUTH_URL", () => `http://localhost:${process.env.PORT ?? "3000"}`, "the address operators open"],
  ["NEXTAUTH_SECRET", () => randomBytes(32).toString("base64"), "signs session tokens"],
  ["QUIVER_ENCRYPTION_KEY", generateEncryptionKey, "encrypts secret header values at rest — keep it safe"],
];

function definedNames(text: string): Set<string> {
  return new Set(
    text
      .split("\n")
      .map((line) => /^\s*([A-Z0-9_]+)\s*=/.exec(line)?.[1])
      .filter((name): name is string => Boolean(name)),
  );
}

const existing = existsSync(ENV_FILE) ? readFileSync(ENV_FILE, "utf8") : "";
const present = definedNames(existing);
const additions = defaults
  .filter(([name]) => !present.has(name) && !process.env[name])
  .map(([name, value, why]) => `# ${why}\n${name}=${value()}\n`);

if (additions.length === 0) {
  console.log(`${ENV_FILE} already has every required setting.`);
} else {
  const separator = existing === "" || existing.endsWith("\n") ? "" : "\n";
  writeFileSync(ENV_FILE, existing + separator + additions.join(""), { mode: 0o600 });
  console.log(`${ENV_FILE}: wrote ${additions.length} setting(s) (${additions.map((line) => line.split("\n")[1]!.split("=")[0]).join(", ")}).`);
}
