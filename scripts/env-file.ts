/**
 * Fills in the settings a `.env` file lacks, for ensure-env.ts. A value that is blank (a copied
 * .env.example leaves `NEXTAUTH_SECRET=`) counts as missing and is filled where it stands; a
 * setting already given a value by the environment is left to the environment. The file holds
 * keys, so it ends up readable by its owner only, also when it existed before.
 */
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";

export interface EnvDefault {
  readonly name: string;
  readonly value: () => string;
  /** Written as a comment above an appended setting. */
  readonly why: string;
}

const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)$/;
const OWNER_ONLY = 0o600;

const isBlank = (value: string | undefined) => value === undefined || /^\s*(?:""|'')?\s*$/.test(value);

/** Writes what `file` lacks of `defaults`; returns the names it wrote, in `defaults` order. */
export function ensureEnvFile(file: string, env: Readonly<Record<string, string | undefined>>, defaults: readonly EnvDefault[]): string[] {
  const existing = existsSync(file) ? readFileSync(file, "utf8") : "";
  const lines = existing === "" ? [] : existing.split("\n");
  const values = new Map<string, string>();
  for (const line of lines) {
    const match = ASSIGNMENT.exec(line);
    if (match && !values.has(match[1]!)) values.set(match[1]!, match[2]!);
  }
  const missing = defaults.filter(({ name }) => isBlank(values.get(name)) && isBlank(env[name]));
  if (missing.length === 0) return [];

  const generated = new Map(missing.map(({ name, value }) => [name, value()]));
  const filled = lines.map((line) => {
    const name = ASSIGNMENT.exec(line)?.[1];
    const value = name === undefined ? undefined : generated.get(name);
    if (value === undefined) return line;
    generated.delete(name!);
    return `${name}=${value}`;
  });
  const appended = missing
    .filter(({ name }) => generated.has(name))
    .map(({ name, why }) => `# ${why}\n${name}=${generated.get(name)}\n`);
  let text = filled.join("\n");
  if (appended.length > 0 && text !== "" && !text.endsWith("\n")) text += "\n";
  writeFileSync(file, text + appended.join(""), { mode: OWNER_ONLY });
  // `mode` applies only when the file is created; an existing file keeps its mode without this.
  chmodSync(file, OWNER_ONLY);
  return missing.map(({ name }) => name);
}
