import "server-only";
/**
 * The seed: a first admin, the example personas and the example tools. It only ever adds what
 * is missing, so running it again changes nothing — not an existing admin's password, not a
 * tool an operator has since edited.
 */
import { randomBytes } from "node:crypto";
import { SYSTEM_ACTOR } from "../audit";
import type { Keyring } from "../secrets";
import { parseToolDefinition } from "../tools";
import { createPersona, getPersona } from "../personas/server";
import { EXAMPLE_PERSONAS, EXAMPLE_SECRET_HEADER, EXAMPLE_SECRET_VALUE, EXAMPLE_TOOLS } from "./seed-examples";
import { getTool, saveTool } from "../catalog";
import { createUser, findUserForSignIn, normaliseEmail } from "../operators";

export const DEFAULT_ADMIN_EMAIL = "admin@quiver.local";

export interface SeedOptions {
  /** QUIVER_ADMIN_EMAIL; defaults to {@link DEFAULT_ADMIN_EMAIL}. */
  readonly adminEmail?: string;
  /** QUIVER_ADMIN_PASSWORD; when absent a strong one is generated and returned once. */
  readonly adminPassword?: string;
  /** Loaded only when an example secret has to be encrypted (a first run). */
  readonly keyring: () => Keyring;
}

export interface SeedReport {
  readonly adminEmail: string;
  readonly adminCreated: boolean;
  /** Set only when this run created the admin with a generated password. */
  readonly generatedPassword: string | null;
  readonly personasCreated: readonly string[];
  readonly toolsCreated: readonly string[];
}

/** A password nobody will guess: 144 random bits, URL-safe. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

/** Adds whatever of the seed is missing and reports what it added. */
export async function seedDatabase(options: SeedOptions): Promise<SeedReport> {
  const adminEmail = normaliseEmail(options.adminEmail?.trim() || DEFAULT_ADMIN_EMAIL);
  let adminCreated = false;
  let generatedPassword: string | null = null;
  if (!(await findUserForSignIn(adminEmail))) {
    const password = options.adminPassword || generatePassword();
    await createUser({ email: adminEmail, name: "Administrator", role: "admin", password }, SYSTEM_ACTOR);
    adminCreated = true;
    generatedPassword = options.adminPassword ? null : password;
  }

  const personasCreated: string[] = [];
  for (const persona of EXAMPLE_PERSONAS) {
    if (await getPersona(persona.slug)) continue;
    await createPersona(persona, SYSTEM_ACTOR);
    personasCreated.push(persona.slug);
  }

  const toolsCreated: string[] = [];
  for (const document of EXAMPLE_TOOLS) {
    const definition = parseToolDefinition(document);
    if (await getTool(definition.name)) continue;
    const secrets = definition.secretHeaders.includes(EXAMPLE_SECRET_HEADER)
      ? { values: { [EXAMPLE_SECRET_HEADER]: { value: EXAMPLE_SECRET_VALUE } }, keyring: options.keyring() }
      : undefined;
    await saveTool({ definition, secrets, baseVersion: null, actor: SYSTEM_ACTOR, note: "Example from the seed" });
    toolsCreated.push(definition.name);
  }
  return { adminEmail, adminCreated, generatedPassword, personasCreated, toolsCreated };
}
