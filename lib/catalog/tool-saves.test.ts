/**
 * The save rules of issue 8 on both databases: a save that changes nothing writes nothing; a
 * stored secret stays bound to the origin it was entered for (a save or a restore pointing the
 * tool elsewhere drops it and says so, so an editor cannot redirect a colleague's key), and every
 * ciphertext is bound to its tool and header (copied elsewhere, it no longer decrypts).
 */
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { ConflictError } from "../errors";
import { decryptSecret, sealSecret, SecretDecryptionError } from "../secrets/encryption";
import { maskSecret } from "../secrets/mask";
import type { SecretSubmission } from "../secrets/reconcile";
import type { ToolDefinition } from "../tools";
import { listAuditEvents } from "../audit/audit-log";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { newSecretValues, referenceRequest, referenceTool, testKeyring } from "../db/test-support/fixtures";
import { refusalChecker, rowCounts } from "../db/test-support/raw-rows";
import { listToolRevisions } from "./tool-revisions";
import { restoreToolRevision, saveTool } from "./tool-saves";
import { getToolSecretsForExecution } from "./tool-secrets";
import { getTool } from "./tools";

const targets = await databaseTargets();
const keyring = testKeyring();
const TOKEN = "Bearer sk-live-origin-0123456789";
const MASK = maskSecret(TOKEN);

/** The reference tool pointed at `url` (its placeholders as in SPEC §1.1). */
function toolAt(url: string, overrides: Record<string, unknown> = {}): ToolDefinition {
  return referenceTool({ request: { ...referenceRequest(), url }, ...overrides });
}

function submit(values: Record<string, SecretSubmission>) {
  return { values, keyring };
}

describe.each(targets)("tool saves on $name", (target) => {
  const db = useTestDatabase(target);
  const refused = refusalChecker(db, target.name);
  const counts = () => rowCounts(db(), target.name);

  async function createWithToken(definition = referenceTool()) {
    return saveTool({ definition, secrets: newSecretValues(keyring, { Authorization: TOKEN }), baseVersion: null, actor: SYSTEM_ACTOR });
  }

  async function decrypted(name: string): Promise<Record<string, string>> {
    const stored = await getToolSecretsForExecution(name);
    return Object.fromEntries(stored.map((secret) => [secret.header, decryptSecret(secret, keyring, secret.associatedData)]));
  }

  describe("a save that changes nothing", () => {
    it.each([
      ["the same definition, the secret left at its mask", () => referenceTool(), { Authorization: { value: MASK } }],
      ["the same definition, no secret submitted", () => referenceTool(), {}],
      ["the same definition in another spelling (canonical bytes equal)", () => referenceTool({ tags: [" B2B ", "b2b"], request: { ...referenceRequest(), method: "get" } }), { Authorization: { value: "" } }],
      ["the secret value typed into the definition's header is ignored", () => referenceTool({ request: { ...referenceRequest(), headers: { Authorization: "typed-value-123456" } } }), {}],
    ] as const)("%s: no revision, no event, same version", async (_case, definition, values) => {
      const created = await createWithToken();
      const before = await counts();
      const saved = await saveTool({ definition: definition(), secrets: submit(values), baseVersion: 1, actor: SYSTEM_ACTOR });
      expect(saved).toEqual({ ...created, unchanged: true });
      expect(await counts()).toEqual(before);
      expect(await decrypted("lookup_order")).toEqual({ Authorization: TOKEN });
    });

    it("is still refused when based on a stale version", async () => {
      await createWithToken();
      await saveTool({ definition: referenceTool({ timeout: 20 }), baseVersion: 1, actor: SYSTEM_ACTOR });
      await refused(() => saveTool({ definition: referenceTool({ timeout: 20 }), baseVersion: 1, actor: SYSTEM_ACTOR }), ConflictError);
    });

    it.each([
      ["a definition change", { definition: referenceTool({ timeout: 20 }) }],
      ["the same value entered again (a new ciphertext)", { definition: referenceTool(), secrets: newSecretValues(keyring, { Authorization: TOKEN }) }],
      ["a cleared secret", { definition: referenceTool(), secrets: submit({ Authorization: { clear: true } }) }],
    ])("is not what %s is: a new version", async (_case, change) => {
      await createWithToken();
      const saved = await saveTool({ ...change, baseVersion: 1, actor: SYSTEM_ACTOR });
      expect(saved).toMatchObject({ version: 2, unchanged: false });
      expect(await counts()).toMatchObject({ tool_revisions: 2, audit_events: 2 });
    });
  });

  describe("secrets stay with their origin", () => {
    it.each([
      ["another host", "https://collector.example.net/orders/{{order_id}}"],
      ["another port", "https://api.example.com:8443/orders/{{order_id}}"],
      ["another scheme", "http://api.example.com/orders/{{order_id}}"],
    ])("a save pointing the tool at %s drops the kept secret and says why", async (_case, url) => {
      await createWithToken();
      const saved = await saveTool({ definition: toolAt(url), secrets: submit({ Authorization: { value: MASK } }), baseVersion: 1, actor: SYSTEM_ACTOR });
      expect(saved).toMatchObject({
        version: 2, unchanged: false, droppedSecrets: [{ header: "Authorization", reason: "origin_changed" }], unsetSecrets: ["Authorization"],
      });
      expect(await getToolSecretsForExecution("lookup_order")).toEqual([]);
      const [event] = (await listAuditEvents({ action: "tool.update" })).events;
      expect(event!.after).toMatchObject({ secrets: [], changedSecrets: ["Authorization"], droppedSecrets: [{ header: "Authorization", reason: "origin_changed" }] });
      expect(JSON.stringify(event)).not.toContain(TOKEN);
    });

    it.each([
      ["another path and query", "https://api.example.com/v2/orders/{{order_id}}?expand=1"],
      ["the default port written out", "https://api.example.com:443/orders/{{order_id}}"],
      ["the host in capitals", "https://API.EXAMPLE.COM/orders/{{order_id}}"],
    ])("a save changing only %s keeps it", async (_case, url) => {
      await createWithToken();
      const saved = await saveTool({ definition: toolAt(url), baseVersion: 1, actor: SYSTEM_ACTOR });
      expect(saved).toMatchObject({ version: 2, droppedSecrets: [], unsetSecrets: [] });
      expect(await decrypted("lookup_order")).toEqual({ Authorization: TOKEN });
    });

    it("keeps a value entered with the new origin, and stores that origin", async () => {
      await createWithToken();
      const definition = toolAt("https://orders.example.org/orders/{{order_id}}");
      const fresh = "Bearer sk-live-new-origin-98765";
      const saved = await saveTool({ definition, secrets: newSecretValues(keyring, { Authorization: fresh }), baseVersion: 1, actor: SYSTEM_ACTOR });
      expect(saved).toMatchObject({ droppedSecrets: [], unsetSecrets: [] });
      expect(await decrypted("lookup_order")).toEqual({ Authorization: fresh });
      expect(await db().toolSecret.findFirstOrThrow()).toMatchObject({ origin: "https://orders.example.org:443", aadVersion: 1 });
    });

    it("a restore to a revision with another origin drops the kept secret too", async () => {
      await saveTool({ definition: referenceTool(), baseVersion: null, actor: SYSTEM_ACTOR });
      const elsewhere = toolAt("https://orders.example.org/orders/{{order_id}}");
      await saveTool({ definition: elsewhere, secrets: newSecretValues(keyring, { Authorization: TOKEN }), baseVersion: 1, actor: SYSTEM_ACTOR });
      const restored = await restoreToolRevision("lookup_order", 1, 2, SYSTEM_ACTOR);
      expect(restored).toMatchObject({ version: 3, droppedSecrets: [{ header: "Authorization", reason: "origin_changed" }], unsetSecrets: ["Authorization"] });
      expect(await getToolSecretsForExecution("lookup_order")).toEqual([]);
      expect((await getTool("lookup_order"))!.definition.request.url).toBe(referenceTool().request.url);
    });

    it("a restore within the origin keeps it", async () => {
      await createWithToken();
      await saveTool({ definition: referenceTool({ timeout: 30 }), baseVersion: 1, actor: SYSTEM_ACTOR });
      expect(await restoreToolRevision("lookup_order", 1, 2, SYSTEM_ACTOR)).toMatchObject({ version: 3, droppedSecrets: [] });
      expect(await decrypted("lookup_order")).toEqual({ Authorization: TOKEN });
    });

    it("a value stored before origins were recorded counts as entered for the tool's origin", async () => {
      const { id } = await saveTool({ definition: referenceTool(), baseVersion: null, actor: SYSTEM_ACTOR });
      await db().toolSecret.create({ data: { toolId: id, header: "Authorization", ...sealSecret(TOKEN, keyring) } });
      const kept = await saveTool({ definition: referenceTool({ timeout: 30 }), baseVersion: 1, actor: SYSTEM_ACTOR });
      expect(kept.droppedSecrets).toEqual([]);
      expect(await db().toolSecret.findFirstOrThrow()).toMatchObject({ origin: "https://api.example.com:443", aadVersion: 0 });
      expect(await decrypted("lookup_order")).toEqual({ Authorization: TOKEN });

      await db().toolSecret.updateMany({ data: { origin: null } });
      const moved = await saveTool({ definition: toolAt("https://collector.example.net/x"), baseVersion: 2, actor: SYSTEM_ACTOR });
      expect(moved.droppedSecrets).toEqual([{ header: "Authorization", reason: "origin_changed" }]);
    });

    it("reports a header that is no longer secret as dropped, with nothing to ask again", async () => {
      await createWithToken();
      const plain = referenceTool({ secret_headers: [], request: { ...referenceRequest(), headers: { Authorization: "public" } } });
      const saved = await saveTool({ definition: plain, baseVersion: 1, actor: SYSTEM_ACTOR });
      expect(saved).toMatchObject({ droppedSecrets: [{ header: "Authorization", reason: "no_longer_secret" }], unsetSecrets: [] });
    });
  });

  describe("ciphertexts are bound to their tool and header", () => {
    const twoSecrets = (name: string) =>
      referenceTool({
        name,
        request: { ...referenceRequest(), headers: { Authorization: "", "X-Api-Key": "" } },
        secret_headers: ["Authorization", "X-Api-Key"],
      });

    async function createBoth(name: string, prefix: string) {
      const values = { Authorization: `${prefix}-authorization-0123`, "X-Api-Key": `${prefix}-api-key-0123` };
      await saveTool({ definition: twoSecrets(name), secrets: newSecretValues(keyring, values), baseVersion: null, actor: SYSTEM_ACTOR });
    }

    it.each([
      ["another tool's same header", "victim_tool", "Authorization", "thief_tool", "Authorization"],
      ["another header of the same tool", "victim_tool", "Authorization", "victim_tool", "X-Api-Key"],
    ])("a ciphertext copied to %s is refused as tampered", async (_case, fromTool, fromHeader, toTool, toHeader) => {
      await createBoth("victim_tool", "victim");
      await createBoth("thief_tool", "thief");
      const source = await db().toolSecret.findFirstOrThrow({ where: { tool: { name: fromTool }, header: fromHeader } });
      await db().toolSecret.updateMany({
        where: { tool: { name: toTool }, header: toHeader },
        data: { keyId: source.keyId, ciphertext: source.ciphertext, mask: source.mask },
      });
      const copied = (await getToolSecretsForExecution(toTool)).find((secret) => secret.header === toHeader)!;
      expect(() => decryptSecret(copied, keyring, copied.associatedData)).toThrow(SecretDecryptionError);
      try {
        decryptSecret(copied, keyring, copied.associatedData);
      } catch (error) {
        expect(error).toMatchObject({ reason: "tampered" });
        expect((error as Error).message).not.toContain("victim-");
      }
    });

    it("a renamed header spelling keeps its value (header names ignore case)", async () => {
      await createWithToken();
      const respelled = referenceTool({ request: { ...referenceRequest(), headers: { AUTHORIZATION: "" } }, secret_headers: ["AUTHORIZATION"] });
      const saved = await saveTool({ definition: respelled, baseVersion: 1, actor: SYSTEM_ACTOR });
      expect(saved.version).toBe(2);
      expect(await decrypted("lookup_order")).toEqual({ AUTHORIZATION: TOKEN });
      expect(await listToolRevisions("lookup_order")).toHaveLength(2);
    });
  });
});
