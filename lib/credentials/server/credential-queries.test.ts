/**
 * Shared credentials at the storage layer (SPEC §5.1), on SQLite and PostgreSQL: secrets are
 * stored encrypted and bound to their credential (no plaintext in any column of any table, the
 * audit trail included); saves reconcile like secret headers (mask keeps, new value replaces,
 * clearing is explicit); a save that widens where the secret may go drops it; stale versions and
 * taken names are refused with nothing changed; "last used" is written at most once per window.
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../../audit/events";
import { credentialSecretAssociatedData } from "..";
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import { decryptSecret, SecretDecryptionError } from "../../secrets/encryption";
import { maskSecret } from "../../secrets/mask";
import { listAuditEvents } from "../../audit/audit-log";
import { deleteCredentialRecord, saveCredentialRecord, type CredentialSave } from "./credential-saves";
import { getCredentialForUse } from "./credential-secrets";
import { getCredentialRecord, listCredentialOutlines, listCredentialRecords, touchCredentialLastUsed } from "./credential-queries";
import { databaseTargets, useTestDatabase } from "../../db/test-support/databases";
import { insertOperator, testKeyring } from "../../db/test-support/fixtures";
import { dumpAllTables, dumpText, refusalChecker } from "../../db/test-support/raw-rows";

const targets = await databaseTargets();
const keyring = testKeyring();
const KEY = "vk-live-0123456789abcdef";
const PASSWORD = "p4ss:w0rd-basic-secret";
const CLIENT_SECRET = "cs-oauth2-fedcba9876543210";

/** A header credential's form input, with `overrides`. */
function headerInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: "vendor_key", description: "Vendor API key", kind: "header", hosts: ["api.example.com"], header_name: "X-Api-Key", value: KEY, ...overrides };
}

describe.each(targets)("credentials on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);

  async function save(input: Record<string, unknown>, options: Partial<CredentialSave> = {}) {
    return saveCredentialRecord({ input, keyring, actor: SYSTEM_ACTOR, ...options });
  }

  async function storedSecret(name: string): Promise<string | null> {
    const stored = await getCredentialForUse(name);
    return stored?.secret ? decryptSecret(stored.secret, keyring, stored.secret.associatedData) : null;
  }

  it("stores every kind's secret encrypted and bound to its credential: no plaintext in any column of any table", async () => {
    const header = await save(headerInput());
    await save({ name: "vendor_basic", kind: "basic", hosts: ["*.example.com"], username: "ana", password: PASSWORD });
    await save({
      name: "vendor_oauth", kind: "oauth2_client_credentials", hosts: ["api.example.com"], token_url: "https://auth.example.com/token",
      client_id: "quiver", client_secret: CLIENT_SECRET, scopes: ["read"],
    });
    expect(header.record).toMatchObject({ kind: "header", mask: maskSecret(KEY), version: 1, config: { header_name: "X-Api-Key" }, usedBy: [] });

    const text = dumpText(await dumpAllTables(db(), target.name));
    for (const plaintext of [KEY, PASSWORD, CLIENT_SECRET]) expect(text).not.toContain(plaintext);
    expect(await storedSecret("vendor_key")).toBe(KEY);
    expect(await storedSecret("vendor_basic")).toBe(PASSWORD);
    expect(await storedSecret("vendor_oauth")).toBe(CLIENT_SECRET);

    // A ciphertext copied to another credential does not decrypt there.
    const stored = (await getCredentialForUse("vendor_key"))!.secret!;
    const basicId = (await getCredentialRecord("vendor_basic"))!.id;
    expect(() => decryptSecret(stored, keyring, credentialSecretAssociatedData(basicId, { kind: "header" }))).toThrow(SecretDecryptionError);

    const audit = JSON.stringify((await listAuditEvents()).events);
    for (const plaintext of [KEY, PASSWORD, CLIENT_SECRET]) expect(audit).not.toContain(plaintext);
    expect(audit).not.toContain(stored.ciphertext);
  });

  it("outlines every credential for a picker: name, kind, hosts and public fields only, by name", async () => {
    expect(await listCredentialOutlines()).toEqual([]);
    await save(headerInput({ name: "zeta_key" }));
    await save({ name: "alpha_basic", kind: "basic", hosts: ["*.example.com"], username: "ana", password: PASSWORD });

    const outlines = await listCredentialOutlines();
    expect(outlines).toEqual([
      { name: "alpha_basic", kind: "basic", hosts: ["*.example.com"], config: { username: "ana" } },
      { name: "zeta_key", kind: "header", hosts: ["api.example.com"], config: { header_name: "X-Api-Key" } },
    ]);
    const text = JSON.stringify(outlines);
    for (const withheld of [KEY, PASSWORD, maskSecret(KEY), maskSecret(PASSWORD)]) expect(text).not.toContain(withheld);
  });

  it("reconciles like secret headers: a mask or an empty field keeps, a new value replaces, clearing is explicit", async () => {
    const { record } = await save(headerInput());
    const ciphertext = (await getCredentialForUse("vendor_key"))!.secret!.ciphertext;

    const kept = await save(headerInput({ value: record.mask }), { existingName: "vendor_key", basedOnVersion: 1 });
    expect(kept).toMatchObject({ unchanged: true, record: { version: 1 } });
    const described = await save(headerInput({ description: "Renewed yearly", value: "" }), { existingName: "vendor_key", basedOnVersion: 1 });
    expect(described).toMatchObject({ unchanged: false, droppedSecret: null, record: { version: 2, mask: record.mask } });
    expect((await getCredentialForUse("vendor_key"))!.secret!.ciphertext).toBe(ciphertext);

    const replaced = await save(headerInput({ value: "vk-live-NEW-999999" }), { existingName: "vendor_key", basedOnVersion: 2 });
    expect(replaced.record).toMatchObject({ version: 3, mask: maskSecret("vk-live-NEW-999999") });
    expect(await storedSecret("vendor_key")).toBe("vk-live-NEW-999999");

    const cleared = await save(headerInput({ value: replaced.record.mask }), { existingName: "vendor_key", basedOnVersion: 3, clearSecret: true });
    expect(cleared.record).toMatchObject({ version: 4, mask: null });
    expect((await getCredentialForUse("vendor_key"))!.secret).toBeNull();

    // A mask with nothing stored cannot be kept: the operator must enter the value.
    const error = await refused(() => save(headerInput({ value: replaced.record.mask }), { existingName: "vendor_key", basedOnVersion: 4 }), ValidationError);
    expect((error as ValidationError).issues).toEqual([{ path: "value", message: expect.stringMatching(/enter it/) }]);
  });

  it.each([
    ["a host it did not admit", { hosts: ["api.example.com", "evil.example.net"] }, /evil\.example\.net/],
    ["a wider wildcard", { hosts: ["*.example.com"] }, /\*\.example\.com/],
    ["another kind", { kind: "query", parameter_name: "api_key" }, /kind changed/],
  ])("drops the stored secret when a save widens where it may go (%s), even when the form sent the mask back", async (_label, change, reason) => {
    const { record } = await save(headerInput());
    const { header_name: headerName, ...common } = headerInput({ ...change, value: record.mask });
    const input = "parameter_name" in change ? common : { ...common, header_name: headerName };
    const widened = await save(input, { existingName: "vendor_key", basedOnVersion: 1 });
    expect(widened.droppedSecret).toMatch(reason);
    expect(widened.record.mask).toBeNull();
    expect((await getCredentialForUse("vendor_key"))!.secret).toBeNull();
    const [latest] = (await listAuditEvents()).events;
    expect(latest!.after).toMatchObject({ secret: null, secretChanged: true, droppedSecret: expect.stringMatching(reason) });
  });

  it("keeps the secret when a save narrows the hosts, renames, or changes the header name; a new value with a widening save is stored", async () => {
    await save(headerInput({ hosts: ["api.example.com", "eu.example.com"] }));
    const narrowed = await save(headerInput({ name: "vendor_eu", hosts: ["eu.example.com"], header_name: "X-Key", value: "" }), { existingName: "vendor_key", basedOnVersion: 1 });
    expect(narrowed).toMatchObject({ droppedSecret: null, record: { name: "vendor_eu", mask: maskSecret(KEY), version: 2 } });
    expect(await storedSecret("vendor_eu")).toBe(KEY);
    const widenedWithValue = await save(headerInput({ name: "vendor_eu", hosts: ["*.example.com"], value: "vk-second" }), { existingName: "vendor_eu", basedOnVersion: 2 });
    expect(widenedWithValue).toMatchObject({ droppedSecret: null, record: { mask: maskSecret("vk-second") } });
    expect(await storedSecret("vendor_eu")).toBe("vk-second");
  });

  it("drops an OAuth2 client secret when the token URL moves to another origin", async () => {
    const oauth = { name: "vendor_oauth", kind: "oauth2_client_credentials", hosts: ["api.example.com"], token_url: "https://auth.example.com/token", client_id: "quiver" };
    await save({ ...oauth, client_secret: CLIENT_SECRET });
    const samePlace = await save({ ...oauth, token_url: "https://auth.example.com/v2/token", scopes: ["read"] }, { existingName: "vendor_oauth", basedOnVersion: 1 });
    expect(samePlace.droppedSecret).toBeNull();
    const moved = await save({ ...oauth, token_url: "https://tokens.example.org/token" }, { existingName: "vendor_oauth", basedOnVersion: 2 });
    expect(moved.droppedSecret).toMatch(/token URL/);
    expect(moved.record.mask).toBeNull();
  });

  it("refuses a stale version, a taken name, an unknown credential and invalid input, changing nothing", async () => {
    await save(headerInput());
    await save(headerInput({ name: "other_key" }));
    await save(headerInput({ description: "v2" }), { existingName: "vendor_key", basedOnVersion: 1 });

    const stale = await refused(() => save(headerInput({ description: "mine" }), { existingName: "vendor_key", basedOnVersion: 1 }), ConflictError);
    expect(stale.message).toMatch(/version 1, now 2/);
    const taken = await refused(() => save(headerInput({ name: "other_key" }), { existingName: "vendor_key", basedOnVersion: 2 }), ValidationError);
    expect((taken as ValidationError).issues).toEqual([{ path: "name", message: expect.stringMatching(/already named other_key/) }]);
    await refused(() => save(headerInput()), ValidationError);
    await refused(() => save(headerInput(), { existingName: "missing_key", basedOnVersion: 1 }), NotFoundError);
    const invalid = await refused(() => save(headerInput({ hosts: ["https://api.example.com"], header_name: "Content-Length" })), ValidationError);
    expect((invalid as ValidationError).issues.map((issue) => issue.path)).toEqual(expect.arrayContaining(["hosts.0", "header_name"]));
  });

  it("audits create, update and delete with public parts and masks only", async () => {
    const actor = await insertOperator(db(), "ana@example.com");
    const { record } = await save(headerInput(), { actor });
    await save(headerInput({ value: "vk-rotated-123456" }), { existingName: "vendor_key", basedOnVersion: 1, actor });
    await deleteCredentialRecord("vendor_key", actor, 2);

    const events = (await listAuditEvents()).events;
    expect(events.map((event) => [event.action, event.targetType, event.targetName, event.actorEmail])).toEqual([
      ["credential.delete", "credential", "vendor_key", "ana@example.com"],
      ["credential.update", "credential", "vendor_key", "ana@example.com"],
      ["credential.create", "credential", "vendor_key", "ana@example.com"],
    ]);
    expect(events[1]!.before).toMatchObject({ hosts: ["api.example.com"], config: { header_name: "X-Api-Key" }, secret: { mask: record.mask } });
    expect(events[1]!.after).toMatchObject({ secret: { mask: maskSecret("vk-rotated-123456") }, secretChanged: true });
    const text = JSON.stringify(events);
    for (const plaintext of [KEY, "vk-rotated-123456"]) expect(text).not.toContain(plaintext);
    expect(await listCredentialRecords()).toEqual([]);
  });

  it("writes last used at most once per window and leaves updatedAt alone", async () => {
    const { record } = await save(headerInput());
    const at = new Date(record.updatedAt.getTime() + 5_000);
    expect(await touchCredentialLastUsed(record.id, at, 60_000)).toBe(true);
    expect(await touchCredentialLastUsed(record.id, new Date(at.getTime() + 59_000), 60_000)).toBe(false);
    const later = new Date(at.getTime() + 61_000);
    expect(await touchCredentialLastUsed(record.id, later, 60_000)).toBe(true);
    const reread = (await getCredentialRecord("vendor_key"))!;
    expect(reread.lastUsedAt).toEqual(later);
    expect(reread.updatedAt).toEqual(record.updatedAt);
    expect(reread.version).toBe(1);
  });
});
