/**
 * Writes `.env` for a fresh checkout: every setting the app needs, with generated secrets, so
 * the setup command needs no manual step. Existing values are never overwritten; a blank value
 * counts as missing (see env-file.ts); a setting already present in the environment is left to
 * the environment.
 */
import { randomBytes } from "node:crypto";
import { generateEncryptionKey } from "../lib/secrets";
import { ensureEnvFile, type EnvDefault } from "./env-file";

const ENV_FILE = ".env";

const defaults: EnvDefault[] = [
  { name: "DATABASE_URL", value: () => "file:./data/quiver.db", why: "embedded SQLite; set postgresql://… for PostgreSQL" },
  { name: "NEXTAUTH_URL", value: () => `http://localhost:${process.env.PORT?.trim() || "3000"}`, why: "the address operators open" },
  { name: "NEXTAUTH_SECRET", value: () => randomBytes(32).toString("base64"), why: "signs session tokens (at least 32 bytes)" },
  { name: "QUIVER_ENCRYPTION_KEY", value: generateEncryptionKey, why: "encrypts secret header values at rest — keep it safe" },
];

const written = ensureEnvFile(ENV_FILE, process.env, defaults);
console.log(written.length === 0
  ? `${ENV_FILE} already has every required setting.`
  : `${ENV_FILE}: wrote ${written.length} setting(s) (${written.join(", ")}).`);
