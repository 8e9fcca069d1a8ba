/**
 * Small builders for data-layer tests: operators inserted directly (bcrypt is deliberately slow
 * and users.test.ts covers hashing), tool definitions from lib/tools' reference documents, and
 * secret values submitted with a throwaway keyring.
 */
import { randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import { generateEncryptionKey, loadKeyring, type Keyring } from "../../secrets/keyring";
import { parseToolDefinition, toPersistedForm, type PersistedToolDefinition, type ToolDefinition } from "../../tools";
import { documentWith, referenceDocument } from "../../tools/testing";
import type { Actor } from "../../audit/events";
import type { Role } from "../../operators/roles";
import type { Db } from "../client";
import type { SubmittedSecrets } from "../../catalog/tool-saves";

/** A hash of a random value nobody knows, at the cheapest cost: these operators never sign in. */
const UNUSABLE_HASH = bcrypt.hashSync(randomUUID(), 4);

/** Inserts an operator (with `id`, when a test's actor has a fixed one) and returns them as an actor. */
export async function insertOperator(db: Db, email: string, role: Role = "editor", id?: string): Promise<Actor> {
  const user = await db.user.create({ data: { id, email, name: email.split("@")[0] ?? email, role, passwordHash: UNUSABLE_HASH } });
  return { id: user.id, email: user.email };
}

/** The SPEC §1.1 example tool (a secret Authorization header), optionally with changes. */
export function referenceTool(overrides: Record<string, unknown> = {}): ToolDefinition {
  return parseToolDefinition({ ...referenceDocument(), ...overrides });
}

/** The reference tool's `request` in the persisted form, to vary one part of it in a document. */
export function referenceRequest(): PersistedToolDefinition["request"] {
  return toPersistedForm(referenceTool()).request;
}

/** A minimal GET tool without secrets. */
export function plainTool(overrides: Record<string, unknown> = {}): ToolDefinition {
  return parseToolDefinition(documentWith(overrides));
}

export function testKeyring(): Keyring {
  return loadKeyring({ QUIVER_ENCRYPTION_KEY: generateEncryptionKey() });
}

/** New values for secret headers (header → plaintext), as a save form submits them. */
export function newSecretValues(keyring: Keyring, values: Readonly<Record<string, string>>): SubmittedSecrets {
  return { keyring, values: Object.fromEntries(Object.entries(values).map(([header, value]) => [header, { value }])) };
}
