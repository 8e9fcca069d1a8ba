import "server-only";
/**
 * Reading shared credentials (SPEC §5.1). A credential row holds its public configuration as
 * columns (`kind`, `hosts`, and `config`: the kind's public fields in snake_case, as the form and
 * parseCredentialInput spell them) and its one secret part encrypted (`keyId`, `ciphertext`) with
 * its `mask`. Nothing read here carries a plaintext; a CredentialRecord has no ciphertext either —
 * only credential-secrets.ts reads those, for the executor and key rotation. Writes live in
 * credential-saves.ts.
 */
import { SECRET_PART, type Credential, type CredentialKind } from "..";
import { getDb, type Tx } from "../../db/client";
import { parseJson, toJsonText } from "../../db/json-columns";

/** The kind's public fields as stored in `config` and submitted by the form (snake_case). */
export type CredentialConfig = Readonly<Record<string, string | readonly string[] | null>>;

/** A stored credential with its public parts, its mask and who uses it: safe to show. */
export interface CredentialRecord {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly kind: CredentialKind;
  readonly hosts: readonly string[];
  /** The kind's public fields (header_name, parameter_name, username, token_url, client_id, scopes, audience, client_auth). */
  readonly config: CredentialConfig;
  /** What the form calls the secret part: `value`, `password` or `client_secret`. */
  readonly secretPart: string;
  /** The stored secret's mask; null while no secret has been entered. */
  readonly mask: string | null;
  /** Names of the tools whose definition names this credential, by name. */
  readonly usedBy: readonly string[];
  readonly lastUsedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly updatedBy: string;
  /** Increments on every save; a save names the version it was based on. */
  readonly version: number;
}

/** The row columns a Credential is built from. */
export interface CredentialColumns {
  readonly name: string;
  readonly description: string;
  readonly kind: string;
  readonly config: string;
  readonly hosts: string;
}

const credentialRecordColumns = {
  id: true, name: true, description: true, kind: true, config: true, hosts: true, version: true, mask: true,
  lastUsedAt: true, createdAt: true, updatedAt: true, updatedBy: true,
  tools: { select: { name: true }, orderBy: { name: "asc" } },
} as const;

type RecordRow = Omit<CredentialRecord, "kind" | "hosts" | "config" | "secretPart" | "usedBy"> &
  CredentialColumns & { tools: { name: string }[] };

/** The credential stored in `row`'s columns (written by {@link credentialColumnsOf}). */
export function credentialOf(row: CredentialColumns): Credential {
  const config = parseJson(row.config) as Record<string, unknown>;
  const base = { name: row.name, description: row.description, hosts: parseJson(row.hosts) as string[] };
  const text = (key: string): string => String(config[key] ?? "");
  switch (row.kind as CredentialKind) {
    case "header":
      return { ...base, kind: "header", headerName: text("header_name") };
    case "query":
      return { ...base, kind: "query", parameterName: text("parameter_name") };
    case "basic":
      return { ...base, kind: "basic", username: text("username") };
    case "oauth2_client_credentials":
      return {
        ...base,
        kind: "oauth2_client_credentials",
        tokenUrl: text("token_url"),
        clientId: text("client_id"),
        scopes: (config.scopes ?? []) as string[],
        audience: typeof config.audience === "string" ? config.audience : null,
        clientAuthentication: config.client_auth === "body" ? "body" : "basic",
      };
    default:
      throw new Error(`Credential "${row.name}" has kind ${row.kind}, which this version of Quiver does not know.`);
  }
}

/** The kind's public fields of `credential`, snake_case (what `config` stores and the form shows). */
export function publicConfigOf(credential: Credential): CredentialConfig {
  switch (credential.kind) {
    case "header":
      return { header_name: credential.headerName };
    case "query":
      return { parameter_name: credential.parameterName };
    case "basic":
      return { username: credential.username };
    case "oauth2_client_credentials":
      return {
        token_url: credential.tokenUrl,
        client_id: credential.clientId,
        scopes: credential.scopes,
        audience: credential.audience,
        client_auth: credential.clientAuthentication,
      };
  }
}

/** The columns storing `credential`'s public parts. */
export function credentialColumnsOf(credential: Credential): CredentialColumns {
  return {
    name: credential.name,
    description: credential.description,
    kind: credential.kind,
    config: JSON.stringify(publicConfigOf(credential)),
    hosts: toJsonText([...credential.hosts]),
  };
}

function toRecord(row: RecordRow): CredentialRecord {
  const credential = credentialOf(row);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kind: credential.kind,
    hosts: credential.hosts,
    config: publicConfigOf(credential),
    secretPart: SECRET_PART[credential.kind],
    mask: row.mask,
    usedBy: row.tools.map((tool) => tool.name),
    lastUsedAt: row.lastUsedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
    version: row.version,
  };
}

/** Every credential, by name (code-unit order, the same on SQLite and PostgreSQL). */
export async function listCredentialRecords(): Promise<CredentialRecord[]> {
  const rows = await getDb().credential.findMany({ select: credentialRecordColumns });
  return rows.map(toRecord).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The public parts of a credential, for choosing one: no mask, no users, no dates. */
export interface CredentialOutline {
  readonly name: string;
  readonly kind: CredentialKind;
  readonly hosts: readonly string[];
  readonly config: CredentialConfig;
}

/** Every credential's public parts, by name (the tool editor's picker): one query, no joins. */
export async function listCredentialOutlines(): Promise<CredentialOutline[]> {
  const rows = await getDb().credential.findMany({ select: { name: true, description: true, kind: true, config: true, hosts: true } });
  return rows
    .map((row) => {
      const credential = credentialOf(row);
      return { name: credential.name, kind: credential.kind, hosts: credential.hosts, config: publicConfigOf(credential) };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The credential named `name`, or null. */
export async function getCredentialRecord(name: string, tx: Tx = getDb()): Promise<CredentialRecord | null> {
  const row = await tx.credential.findUnique({ where: { name }, select: credentialRecordColumns });
  return row ? toRecord(row) : null;
}

/** The public parts of the credential named `name` (no secret, no mask), or null. */
export async function getCredentialPublic(name: string): Promise<{ id: string; version: number; credential: Credential } | null> {
  const row = await getDb().credential.findUnique({
    where: { name },
    select: { id: true, version: true, name: true, description: true, kind: true, config: true, hosts: true },
  });
  return row ? { id: row.id, version: row.version, credential: credentialOf(row) } : null;
}

/** The public parts of each of `names` that is a stored credential (the others are absent). */
export async function getCredentialsByName(names: readonly string[]): Promise<Map<string, Credential>> {
  const rows = await getDb().credential.findMany({
    where: { name: { in: [...names] } },
    select: { name: true, description: true, kind: true, config: true, hosts: true },
  });
  return new Map(rows.map((row) => [row.name, credentialOf(row)]));
}

/**
 * Records that credential `id` was used at `at`, unless a use at most `windowMs` earlier is
 * recorded already (instances sharing the database then write rarely). `updatedAt` is written
 * back as it was: a use is not a change. Returns whether it wrote.
 */
export async function touchCredentialLastUsed(id: string, at: Date, windowMs: number): Promise<boolean> {
  const db = getDb();
  const row = await db.credential.findUnique({ where: { id }, select: { lastUsedAt: true, updatedAt: true } });
  if (!row || (row.lastUsedAt !== null && row.lastUsedAt.getTime() > at.getTime() - windowMs)) return false;
  const { count } = await db.credential.updateMany({
    where: { id, lastUsedAt: row.lastUsedAt, updatedAt: row.updatedAt },
    data: { lastUsedAt: at, updatedAt: row.updatedAt },
  });
  return count === 1;
}
