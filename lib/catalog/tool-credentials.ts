import "server-only";
/**
 * The shared credential a tool uses (SPEC §5.1), checked whenever a tool is saved, restored or
 * imported: the credential its `auth.credential` names must exist, admit the tool's host and
 * scheme, and leave alone the header or query parameter the tool sets itself
 * (lib/credentials' toolCredentialIssues). The tool row's `credentialId` follows the definition in
 * the same transaction, so "used by" is one query and a credential in use cannot be deleted.
 */
import { toolCredentialIssues, type Credential } from "../credentials";
import { ConflictError, ValidationError } from "../errors";
import type { ToolDefinition } from "../tools";
import type { Tx } from "../db/client";
import { credentialOf, getCredentialsByName } from "../credentials/server";

/** The message of a tool naming a credential that does not exist. */
export function missingCredentialMessage(name: string): string {
  return `no credential is named ${name}: create it on the Credentials page first, or name another one`;
}

/**
 * The id of the credential `definition` names (null when it declares no `auth`), read in `tx`.
 * Throws a ValidationError (path `auth.credential`, or the tool's clashing header or parameter)
 * when the tool may not use it.
 */
export async function toolCredentialId(tx: Tx, definition: ToolDefinition): Promise<string | null> {
  if (definition.auth === null) return null;
  const name = definition.auth.credential;
  const row = await tx.credential.findUnique({
    where: { name },
    select: { id: true, name: true, description: true, kind: true, config: true, hosts: true },
  });
  if (!row) throw new ValidationError([{ path: "auth.credential", message: missingCredentialMessage(name) }]);
  const issues = toolCredentialIssues(credentialOf(row), definition);
  if (issues.length > 0) throw new ValidationError(issues);
  return row.id;
}

/**
 * Confirms, after the tool row is written, that credential `id` is still named `name`. On
 * PostgreSQL the write waited for a rename in progress (the foreign key check), so a credential
 * renamed meanwhile is seen here and the save refused instead of naming a credential that is gone.
 */
export async function confirmToolCredential(tx: Tx, id: string, name: string): Promise<void> {
  if ((await tx.credential.count({ where: { id, name } })) === 1) return;
  throw new ConflictError(`Credential "${name}" was renamed or deleted while the tool was being saved: choose it again and save.`);
}

/** The public parts of the shared credential a tool's `auth.credential` names (never its secret or mask); null when it names none or none is stored under that name. */
export async function getNamedCredential(name: string | undefined): Promise<Credential | null> {
  if (name === undefined) return null;
  return (await getCredentialsByName([name])).get(name) ?? null;
}
