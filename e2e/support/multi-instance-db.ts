/**
 * The multi-instance spec's database chores (e2e/multi-instance.spec.ts), run with tsx against a
 * fresh PostgreSQL schema: `prepare` migrates it and creates the e2e admin, a persona with two tools
 * (calling the mock upstream) and a key per test, writing the tokens owner-only to
 * {@link MULTI_INSTANCE_KEYS_FILE}; `disable` switches the first tool off, `save` saves the second
 * with a new description, `narrow` narrows the persona's grant to the first tool and
 * `revoke-unheard` revokes a key — through the same lib functions the dashboard's actions call,
 * from a process of its own; `deafen` cuts off every instance's
 * change listener (`pg_terminate_backend`), so the change that follows is announced to no one;
 * `drop` removes the schema.
 *
 *   npx tsx --conditions=react-server e2e/support/multi-instance-db.ts prepare|disable|save|narrow|revoke-unheard|deafen|drop DATABASE_URL
 */
import { writeFileSync } from "node:fs";
import { SYSTEM_ACTOR } from "../../lib/audit/events";
import { createApiKey, listApiKeys, revokeApiKey } from "../../lib/agent-door/api-keys";
import { getTool } from "../../lib/catalog/tools";
import { createUser } from "../../lib/operators/users";
import { LISTENER_APPLICATION_NAME } from "../../lib/db/change-signal";
import { createDb, setDb } from "../../lib/db/client";
import { createPersona, setPersonaGrant, setPersonaToolEnabled } from "../../lib/personas/server/personas";
import { dropPostgresSchema } from "../../lib/db/test-support/postgres-schema";
import { saveTool } from "../../lib/catalog/tool-saves";
import { parseToolDefinition } from "../../lib/tools";
import { applyPendingMigrations } from "../../lib/db/migrations/apply-migrations";
import { E2E_MOCK_UPSTREAM, E2E_OPERATORS } from "./environment";
import {
  MULTI_INSTANCE_GATEWAY_PORTS,
  MULTI_INSTANCE_KEYS_FILE,
  MULTI_INSTANCE_PERSONA,
  MULTI_INSTANCE_SAVED_DESCRIPTION,
  MULTI_INSTANCE_SECOND_TOOL,
  MULTI_INSTANCE_TOOL,
  REVOCABLE_KEY_NAME,
  REVOCABLE_UNHEARD_KEY_NAME,
} from "./multi-instance-fixture";

/** One of the fixture's tools: it echoes the order id from the mock upstream. */
const fixtureTool = (name: string, description: string) =>
  parseToolDefinition({
    name,
    description,
    parameters: [{ name: "id", type: "string", required: true }],
    request: { method: "GET", url: `${E2E_MOCK_UPSTREAM}/json`, query: { id: "{{id}}" } },
  });

async function prepare(url: string): Promise<void> {
  await applyPendingMigrations(url);
  const { admin } = E2E_OPERATORS;
  await createUser({ email: admin.email, name: admin.name, role: "admin", password: admin.password }, SYSTEM_ACTOR);
  await saveTool({ definition: fixtureTool(MULTI_INSTANCE_TOOL, "Multi-instance fixture: echoes the order id."), baseVersion: null, actor: SYSTEM_ACTOR });
  await saveTool({ definition: fixtureTool(MULTI_INSTANCE_SECOND_TOOL, "Multi-instance fixture: the order's status."), baseVersion: null, actor: SYSTEM_ACTOR });
  await createPersona({ slug: MULTI_INSTANCE_PERSONA, name: "Multi-instance check", grant: [MULTI_INSTANCE_TOOL, MULTI_INSTANCE_SECOND_TOOL] }, SYSTEM_ACTOR);
  // A key per test: the rate limit is small (MULTI_INSTANCE_RATE_LIMIT), and each test calls every instance several times.
  const keyFor = async (name: string) => (await createApiKey({ name, personaSlugs: [MULTI_INSTANCE_PERSONA] }, SYSTEM_ACTOR)).token;
  const keys = {
    switching: await keyFor("e2e multi-instance switch"),
    saving: await keyFor("e2e multi-instance save"),
    narrowing: await keyFor("e2e multi-instance grant"),
    working: await keyFor("e2e multi-instance"),
    revocable: (await createApiKey({ name: REVOCABLE_KEY_NAME, personaSlugs: [MULTI_INSTANCE_PERSONA] }, SYSTEM_ACTOR)).token,
    limited: (await createApiKey({ name: "e2e multi-instance limit", personaSlugs: [MULTI_INSTANCE_PERSONA] }, SYSTEM_ACTOR)).token,
    unheard: (await createApiKey({ name: REVOCABLE_UNHEARD_KEY_NAME, personaSlugs: [MULTI_INSTANCE_PERSONA] }, SYSTEM_ACTOR)).token,
  };
  writeFileSync(MULTI_INSTANCE_KEYS_FILE, JSON.stringify(keys), { mode: 0o600 });
}

const [command, url] = process.argv.slice(2);
if (!url) throw new Error("usage: multi-instance-db.ts prepare|disable|save|narrow|revoke-unheard|deafen|drop DATABASE_URL");
if (command === "drop") {
  await dropPostgresSchema(url, "quiver_multi_");
} else {
  const db = createDb(url);
  setDb(db);
  if (command === "prepare") await prepare(url);
  else if (command === "disable") await setPersonaToolEnabled(MULTI_INSTANCE_PERSONA, MULTI_INSTANCE_TOOL, false, SYSTEM_ACTOR);
  else if (command === "save") {
    const stored = await getTool(MULTI_INSTANCE_SECOND_TOOL);
    if (!stored) throw new Error(`The tool "${MULTI_INSTANCE_SECOND_TOOL}" is missing.`);
    await saveTool({ definition: fixtureTool(MULTI_INSTANCE_SECOND_TOOL, MULTI_INSTANCE_SAVED_DESCRIPTION), baseVersion: stored.version, actor: SYSTEM_ACTOR });
  } else if (command === "narrow") await setPersonaGrant(MULTI_INSTANCE_PERSONA, [MULTI_INSTANCE_TOOL], SYSTEM_ACTOR);
  else if (command === "revoke-unheard") {
    const key = (await listApiKeys()).find((candidate) => candidate.name === REVOCABLE_UNHEARD_KEY_NAME);
    if (!key) throw new Error(`The key "${REVOCABLE_UNHEARD_KEY_NAME}" is missing.`);
    await revokeApiKey(key.id, SYSTEM_ACTOR);
  } else if (command === "deafen") {
    const cut = await db.$queryRaw<{ cut: bigint }[]>`
      SELECT COUNT(pg_terminate_backend(pid)) AS cut FROM pg_stat_activity
      WHERE application_name = ${LISTENER_APPLICATION_NAME} AND datname = current_database()`;
    // Every instance listens once it has answered a call.
    const instances = MULTI_INSTANCE_GATEWAY_PORTS.length + 1;
    if (Number(cut[0]?.cut ?? 0) < instances) throw new Error(`Expected ${instances} instances' change listeners, cut ${cut[0]?.cut ?? 0}.`);
  } else throw new Error(`Unknown command "${command}".`);
  await db.$disconnect();
}
