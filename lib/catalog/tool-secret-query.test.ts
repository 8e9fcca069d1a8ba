/**
 * Secret query keys (`secret_query`, SPEC §1.8) on both databases, under every rule secret headers
 * follow (SPEC §5): the value is stored encrypted in its own slot (`location` "query"), bound to
 * its tool and key, reconciled on save (a mask keeps, a new value replaces, a clear clears), dropped
 * when a save points the tool at another origin, re-encrypted by key rotation, absent from the
 * stored definition, the export and the audit trail — and sent on the wire only, never seen by the
 * agent or the call log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { listAuditEvents } from "../audit/audit-log";
import { createApiKey } from "../agent-door/api-keys";
import { callAgentTool } from "../agent-door/call";
import { flushCallLog } from "../agent-door/call-log";
import { createPersona } from "../personas/server/personas";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { newSecretValues } from "../db/test-support/fixtures";
import { toolSecretAssociatedData } from "../secrets/binding";
import { decryptSecret, SecretDecryptionError } from "../secrets/encryption";
import { secretForms } from "../secrets/forms";
import { generateEncryptionKey, loadKeyring } from "../secrets/keyring";
import { maskSecret } from "../secrets/mask";
import { rotateStoredSecrets } from "../secrets/server/encryption-maintenance";
import { parseToolDefinition } from "../tools";
import { reply, startUpstream, type Upstream } from "../tools/testing";
import { exportTools } from "./tool-export";
import { saveTool } from "./tool-saves";
import { getToolSecretsForExecution } from "./tool-secrets";
import { getTool } from "./tools";

const oldKey = generateEncryptionKey();
process.env.QUIVER_ENCRYPTION_KEY = oldKey;
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
const keyring = loadKeyring(process.env);
const targets = await databaseTargets();
const KEY = "AIzaSy-query-secret-0123456789";
const SLOT = "?key";

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((request, response) => reply(response, 200, { url: request.url }));
});
afterAll(() => upstream.close());

function expectNoKey(value: unknown, key = KEY): void {
  const text = JSON.stringify(value);
  for (const form of secretForms(key)) expect(text, `${form.name} form of the key`).not.toContain(form.text);
}

/** A tool sending `key` as a secret query value to `origin`. */
function keyedTool(origin: string, extra: Record<string, unknown> = {}) {
  return parseToolDefinition({
    name: "geocode",
    description: "Geocodes an address.",
    parameters: { type: "object", properties: { address: { type: "string" } }, required: ["address"] },
    request: { method: "GET", url: `${origin}/geocode`, query: { address: "{{address}}", key: "" } },
    secret_query: ["key"],
    ...extra,
  });
}

describe.each(targets)("secret query keys on $name", (target) => {
  const db = useTestDatabase(target);

  const save = (definition = keyedTool(upstream.origin), values: Record<string, unknown> | null = { [SLOT]: { value: KEY } }, baseVersion: number | null = null) =>
    saveTool({ definition, secrets: values === null ? undefined : { keyring, values: values as never }, baseVersion, actor: SYSTEM_ACTOR });

  async function decrypted(): Promise<Record<string, string>> {
    const stored = await getToolSecretsForExecution("geocode");
    return Object.fromEntries(stored.map((secret) => [secret.header, decryptSecret(secret, keyring, secret.associatedData)]));
  }

  it("stores the value encrypted in a query slot bound to its tool and key, and nowhere else", async () => {
    const { id } = await save();
    expect(await db().toolSecret.findMany({ select: { location: true, header: true, mask: true } })).toEqual([{ location: "query", header: "key", mask: maskSecret(KEY) }]);
    expect(await decrypted()).toEqual({ [SLOT]: KEY });
    const [stored] = await getToolSecretsForExecution("geocode");
    expect(stored!.associatedData).toBe(toolSecretAssociatedData(id, SLOT));
    // Bound to the query key: the same ciphertext read as a header of that name does not decrypt.
    expect(() => decryptSecret(stored!, keyring, toolSecretAssociatedData(id, "key"))).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(stored!, keyring, toolSecretAssociatedData(id, "?Key"))).toThrow(SecretDecryptionError);

    const tool = await getTool("geocode");
    expect(tool!.definition.request.query).toEqual({ address: "{{address}}", key: "" });
    expect(tool!.secrets).toEqual([{ header: SLOT, mask: maskSecret(KEY) }]);
    expect((await exportTools(["geocode"])).tools[0]).toMatchObject({ request: { query: { address: "{{address}}", key: "" } }, secret_query: ["key"] });
    expectNoKey(await exportTools("all"));
    expectNoKey(await listAuditEvents({}));
    expectNoKey(await db().toolRevision.findMany());
  });

  it("reconciles a save: a mask or nothing keeps, a new value replaces, a clear clears", async () => {
    await save();
    const kept = await save(keyedTool(upstream.origin, { timeout: 30 }), { [SLOT]: { value: maskSecret(KEY) } }, 1);
    expect(kept).toMatchObject({ droppedSecrets: [], unsetSecrets: [] });
    expect(await decrypted()).toEqual({ [SLOT]: KEY });

    const fresh = "AIzaSy-query-secret-replaced-42";
    await save(keyedTool(upstream.origin, { timeout: 31 }), { [SLOT]: { value: fresh } }, 2);
    expect(await decrypted()).toEqual({ [SLOT]: fresh });

    const cleared = await save(keyedTool(upstream.origin, { timeout: 32 }), { [SLOT]: { clear: true } }, 3);
    expect(cleared).toMatchObject({ unsetSecrets: [SLOT] });
    expect(await getToolSecretsForExecution("geocode")).toEqual([]);
  });

  it("drops a kept value when a save points the tool at another origin, as for a secret header", async () => {
    await save();
    const moved = await save(keyedTool("https://collector.example.net"), null, 1);
    expect(moved).toMatchObject({ droppedSecrets: [{ header: SLOT, reason: "origin_changed" }], unsetSecrets: [SLOT] });
    expect(await getToolSecretsForExecution("geocode")).toEqual([]);

    const back = await save(keyedTool(upstream.origin), { [SLOT]: { value: KEY } }, 2);
    expect(back).toMatchObject({ droppedSecrets: [] });
    const plain = parseToolDefinition({ ...JSON.parse(JSON.stringify((await getTool("geocode"))!.definition)), secret_query: [] });
    expect(await save(plain, null, 3)).toMatchObject({ droppedSecrets: [{ header: SLOT, reason: "no_longer_secret" }] });
  });

  it("is re-encrypted by key rotation, still bound to its slot", async () => {
    const { id } = await save();
    const rotating = loadKeyring({ QUIVER_ENCRYPTION_KEY: generateEncryptionKey(), QUIVER_PREVIOUS_ENCRYPTION_KEYS: oldKey });
    expect((await rotateStoredSecrets(rotating)).rewrapped).toBe(1);
    const [stored] = await getToolSecretsForExecution("geocode");
    expect(stored).toMatchObject({ header: SLOT, keyId: rotating.activeKeyId, associatedData: toolSecretAssociatedData(id, SLOT) });
    expect(decryptSecret(stored!, rotating, stored!.associatedData)).toBe(KEY);
  });

  it("reaches the upstream in the URL on an agent's call, never the agent or the call log", async () => {
    await save();
    await createPersona({ slug: "maps", name: "Maps", grant: "all" }, SYSTEM_ACTOR);
    const key = await createApiKey({ name: "Bot", personaSlugs: ["maps"] }, SYSTEM_ACTOR);
    await db().persona.update({ where: { slug: "maps" }, data: { logCallPayloads: true } });
    const identity = { keyId: key.id, keyName: "Bot", personaSlug: "maps" };
    const answer = await callAgentTool({ identity, toolName: "geocode", arguments: { address: "1 Main St" }, context: {}, channel: "api" });
    expect(upstream.requests.at(-1)?.url).toBe(`/geocode?address=1%20Main%20St&key=${KEY}`);
    // The upstream echoed its URL: the agent reads it with the key masked.
    expect(answer).toMatchObject({ ok: true, result: { ok: true, content: `{"url":"/geocode?address=1%20Main%20St&key=${maskSecret(KEY)}"}` } });
    expectNoKey(answer);
    await flushCallLog();
    const logged = await db().callLog.findMany();
    expect(logged).toHaveLength(1);
    expectNoKey(logged);
  });
});
