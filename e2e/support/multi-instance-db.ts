/**
 * The multi-instance spec's database chores (e2e/multi-instance.spec.ts), run with tsx against a
 * fresh PostgreSQL schema: `prepare` migrates it and creates a persona with one tool (calling the
 * mock upstream) and three keys (one per test), writing the tokens owner-only to {@link MULTI_INSTANCE_KEYS_FILE};
 * `disable` switches the tool off and `revoke` / `revoke-unheard` revoke a key — through the same lib
 * functions the dashboard's actions call, from a third process; `deafen` cuts off every instance's
 * change listener (`pg_terminate_backend`), so the change that follows is announced to no one;
 * `drop` removes the schema.
 *
 *   npx tsx --conditions=react-server e2e/support/multi-instance-db.ts prepare|disable|revoke|revoke-unheard|deafen|drop DATABASE_URL
 */
import { writeFileSync } from "node:fs";
import { SYSTEM_ACTOR } from "../../lib/audit/events";
import { createApiKey, listApiKeys, revokeApiKey } from "../../lib/agent-door/api-keys";
import { LISTENER_APPLICATION_NAME } from "../../lib/db/change-signal";
import { createDb, setDb } from "../../lib/db/client";
import { createPersona, setPersonaToolEnabled } from "../../lib/personas/server/personas";
import { dropPostgresSchema } from "../../lib/db/test-support/postgres-schema";
import { saveTool } from "../../lib/catalog/tool-saves";
import { parseToolDefinition } from "../../lib/tools";
import { applyPendingMigrations } from "../../lib/db/migrations/apply-migrations";
import { E2E_MOCK_UPSTREAM } from "./environment";
import { MULTI_INSTANCE_KEYS_FILE, MULTI_INSTANCE_PERSONA, MULTI_INSTANCE_TOOL, REVOCABLE_KEY_NAME, REVOCABLE_UNHEARD_KEY_NAME } from "./multi-instance-fixture";

async function prepare(url: string): Promise<void> {
  await applyPendingMigrations(url);
  const definition = parseToolDefinition({
    name: MULTI_INSTANCE_TOOL,
    description: "Multi-instance fixture: echoes the order id.",
    parameters: [{ name: "id", type: "string", required: true }],
    request: { method: "GET", url: `${E2E_MOCK_UPSTREAM}/json`, query: { id: "{{id}}" } },
  });
  await saveTool({ definition, baseVersion: null, actor: SYSTEM_ACTOR });
  await createPersona({ slug: MULTI_INSTANCE_PERSONA, name: "Multi-instance check", grant: [MULTI_INSTANCE_TOOL] }, SYSTEM_ACTOR);
  const keys = {
    working: (await createApiKey({ name: "e2e multi-instance", personaSlugs: [MULTI_INSTANCE_PERSONA] }, SYSTEM_ACTOR)).token,
    revocable: (await createApiKey({ name: REVOCABLE_KEY_NAME, personaSlugs: [MULTI_INSTANCE_PERSONA] }, SYSTEM_ACTOR)).token,
    limited: (await createApiKey({ name: "e2e multi-instance limit", personaSlugs: [MULTI_INSTANCE_PERSONA] }, SYSTEM_ACTOR)).token,
    unheard: (await createApiKey({ name: REVOCABLE_UNHEARD_KEY_NAME, personaSlugs: [MULTI_INSTANCE_PERSONA] }, SYSTEM_ACTOR)).token,
  };
  writeFileSync(MULTI_INSTANCE_KEYS_FILE, JSON.stringify(keys), { mode: 0o600 });
}

const [command, url] = process.argv.slice(2);
if (!url) throw new Error("usage: multi-instance-db.ts prepare|disable|revoke|drop DATABASE_URL");
if (command === "drop") {
  await dropPostgresSchema(url, "quiver_multi_");
} else {
  const db = createDb(url);
  setDb(db);
  if (command === "prepare") await prepare(url);
  else if (command === "disable") await setPersonaToolEnabled(MULTI_INSTANCE_PERSONA, MULTI_INSTANCE_TOOL, false, SYSTEM_ACTOR);
  else if (command === "revoke" || command === "revoke-unheard") {
    const name = command === "revoke" ? REVOCABLE_KEY_NAME : REVOCABLE_UNHEARD_KEY_NAME;
    const key = (await listApiKeys()).find((candidate) => candidate.name === name);
    if (!key) throw new Error(`The key "${name}" is missing.`);
    await revokeApiKey(key.id, SYSTEM_ACTOR);
  } else if (command === "deafen") {
    const cut = await db.$queryRaw<{ cut: bigint }[]>`
      SELECT COUNT(pg_terminate_backend(pid)) AS cut FROM pg_stat_activity
      WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`;
    // Both instances listen once they have answered a call.
    if (Number(cut[0]?.cut ?? 0) < 2) throw new Error(`Expected both instances' change listeners, cut ${cut[0]?.cut ?? 0}.`);
  } else throw new Error(`Unknown command "${command}".`);
  await db.$disconnect();
}
