/**
 * Small builders for data-layer tests: operators inserted directly (bcrypt is deliberately slow
 * and users.test.ts covers hashing), tool definitions from lib/tools' reference documents, and
 * secrets sealed with a throwaway keyring.
 */
import { randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import { generateEncryptionKey, loadKeyring, type Keyring } from "../../secrets/keyring";
import { sealSecret } from "../../secrets/encryption";
import { parseToolDefinition, type ToolDefinition } from "../../tools";
import { documentWith, referenceDocument } from "../../tools/testing";
import type { Actor } from "../../audit/events";
import type { Role } from "../../auth/roles";
import type { Db } from "../client";
import type { ToolSecretInput } from "../tool-saves";

/** A hash of a random value nobody knows, at the cheapest cost: these operators never sign in. */
const UNUSABLE_HASH = bcrypt.hashSync(randomUUID(), 4);

/** Inserts an operator and returns them as an actor. */
export async function insertOperator(db: Db, email: string, role: Role = "editor"): Promise<Actor> {
  const user = await db.user.create({ data: { email, name: email.split("@")[0] ?? email, role, passwordHash: UNUSABLE_HASH } });
  return { id: user.id, email: user.email };
}

/** The SPEC §1.1 example tool (a secret Authorization header), optionally with changes. */
export function referenceTool(overrides: Record<string, unknown> = {}): ToolDefinition {
  return parseToolDefinition({ ...referenceDocument(), ...overrides });
}

/** A minimal GET tool without secrets. */
export function plainTool(overrides: Record<string, unknown> = {}): ToolDefinition {
  return parseToolDefinition(documentWith(overrides));
}

export function testKeyring(): Keyring {
  return loadKeyring({ QUIVER_ENCRYPTION_KEY: generateEncryptionKey() });
}

/** `plaintext` encrypted for header `header`, as a save receives it. */
export function sealedSecret(header: string, plaintext: string, keyring: Keyring): ToolSecretInput {
  return { header, ...sealSecret(plaintext, keyring) };
}
