/**
 * An agent calling a tool that uses a shared credential (SPEC §5.1, §8), on SQLite and PostgreSQL:
 * the credential reaches the upstream; no form of its value reaches the agent or the call log,
 * not even when the upstream echoes it or the agent passes it back as an argument.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/events";
import { createApiKey } from "./api-keys";
import { saveCredentialRecord } from "../credentials/server/credential-saves";
import { createPersona } from "../personas/server/personas";
import { databaseTargets, useTestDatabase } from "../db/test-support/databases";
import { saveTool } from "../catalog/tool-saves";
import { secretForms } from "../secrets/forms";
import { generateEncryptionKey } from "../secrets/keyring";
import { parseToolDefinition } from "../tools";
import { reply, startUpstream, type Upstream } from "../tools/testing";
import { getKeyring } from "../secrets/server/process-keyring";
import { callAgentTool } from "./call";
import { flushCallLog } from "./call-log";

process.env.QUIVER_ENCRYPTION_KEY = generateEncryptionKey();
process.env.QUIVER_DESTINATION_ALLOWLIST = "127.0.0.1";
const VALUE = "vk-agent-door-SECRET-13579";
const targets = await databaseTargets();

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream((request, response) => reply(response, 200, { url: request.url }));
});
afterAll(() => upstream.close());

function expectNoValue(value: unknown): void {
  const text = JSON.stringify(value);
  for (const form of secretForms(VALUE)) expect(text, `${form.name} form of the credential`).not.toContain(form.text);
}

describe.each(targets)("agents calling a tool with a shared credential on $name", (target) => {
  const db = useTestDatabase(target);

  it("sends the credential upstream and keeps every form of it out of the answer and the call log", async () => {
    const input = { name: "vendor", kind: "query", hosts: ["127.0.0.1"], parameter_name: "api_key", value: VALUE };
    await saveCredentialRecord({ input, keyring: getKeyring(), actor: SYSTEM_ACTOR });
    const definition = parseToolDefinition({
      name: "vendor_search",
      description: "Searches the vendor.",
      parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
      request: { method: "GET", url: `${upstream.origin}/search`, query: { q: "{{q}}" } },
      auth: { credential: "vendor" },
    });
    await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
    await createPersona({ slug: "support", name: "Support", grant: "all" }, SYSTEM_ACTOR);
    await db().persona.update({ where: { slug: "support" }, data: { logCallPayloads: true } });
    const key = await createApiKey({ name: "Bot", personaSlugs: ["support"] }, SYSTEM_ACTOR);
    const identity = { keyId: key.id, keyName: "Bot", personaSlug: "support" };

    const answer = await callAgentTool({ identity, toolName: "vendor_search", arguments: { q: VALUE }, context: {}, channel: "api" });
    expect(upstream.requests.at(-1)?.url).toBe(`/search?q=${VALUE}&api_key=${VALUE}`);
    expect(answer).toMatchObject({ ok: true, result: { ok: true } });
    expectNoValue(answer);

    await flushCallLog();
    const logged = await db().callLog.findMany();
    expect(logged).toMatchObject([{ toolName: "vendor_search", outcome: "success" }]);
    expect(logged[0]?.arguments).not.toBeNull();
    expectNoValue(logged);
  });
});
