/**
 * SPEC §5 at the storage layer: a tool saved with a secret keeps only its ciphertext and mask.
 * The plaintext handed to encryptSecret appears in no column of any table — definitions,
 * revisions, secrets, audit events — on SQLite and on PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { toolSecretAssociatedData } from "../secrets/binding";
import { decryptSecret } from "../secrets/encryption";
import { maskSecret } from "../secrets/mask";
import { listAuditEvents } from "../audit/audit-log";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { insertOperator, newSecretValues, referenceRequest, referenceTool, testKeyring } from "../db/test-support/fixtures";
import { dumpAllTables, dumpText } from "../db/test-support/raw-rows";
import { deleteTool, restoreToolRevision, saveTool } from "./tool-saves";

const targets = await databaseTargets();
const keyring = testKeyring();

describe.each(targets)("secrets at rest on $name", (target) => {
  const db = useTestDatabase(target);

  it("stores ciphertext only: the plaintext is in no row of any table, the audit row included", async () => {
    const first = "Bearer sk-live-FIRST-0123456789abcdef";
    const second = "Bearer sk-live-SECOND-fedcba9876543210";
    const ana = await insertOperator(db(), "ana@example.com");
    // The definition arrives with the plaintext still in its header, as a form submits it.
    const withFirst = referenceTool({ request: { ...referenceRequest(), headers: { Authorization: first } } });
    const { id } = await saveTool({ definition: withFirst, secrets: newSecretValues(keyring, { Authorization: first }), baseVersion: null, actor: ana });

    const rows = await dumpAllTables(db(), target.name);
    expect(rows.tool_secrets).toHaveLength(1);
    const stored = rows.tool_secrets![0]!;
    expect(stored.mask).toBe(maskSecret(first));
    const encrypted = { keyId: String(stored.key_id), ciphertext: String(stored.ciphertext) };
    expect(decryptSecret(encrypted, keyring, toolSecretAssociatedData(id, "Authorization"))).toBe(first);
    expect(dumpText(rows)).not.toContain(first);
    expect(dumpText(rows)).not.toContain(JSON.stringify(first).slice(1, -1));
    expect(rows.audit_events).toHaveLength(1);
    expect(dumpText({ audit: rows.audit_events! })).not.toContain(encrypted.ciphertext);

    const withSecond = referenceTool({ description: "v2", request: { ...referenceRequest(), headers: { Authorization: second } } });
    await saveTool({ definition: withSecond, secrets: newSecretValues(keyring, { Authorization: second }), baseVersion: 1, actor: ana });
    await restoreToolRevision("lookup_order", 1, 2, ana);
    const afterChanges = dumpText(await dumpAllTables(db(), target.name));
    for (const plaintext of [first, second]) expect(afterChanges).not.toContain(plaintext);

    await deleteTool("lookup_order", 3, ana);
    const events = (await listAuditEvents()).events;
    expect(events.map((event) => event.action)).toEqual(["tool.delete", "tool.restore", "tool.update", "tool.create"]);
    const auditText = JSON.stringify(events);
    for (const plaintext of [first, second]) expect(auditText).not.toContain(plaintext);
    expect(events[2]!.after).toMatchObject({ secrets: [{ header: "Authorization", mask: maskSecret(second) }] });
  });
});
