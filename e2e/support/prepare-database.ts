/**
 * Gives the e2e server a fresh database: migrated, seeded like a real installation, plus one
 * operator per role, and tools and a shared credential whose secrets hold values the leak guard watches.
 * Runs before the app server starts (see playwright.config.ts), with the e2e server's environment.
 */
import { rmSync, writeFileSync } from "node:fs";
import { applyPendingMigrations } from "../../lib/db/migrations/apply-migrations";
import { SYSTEM_ACTOR } from "../../lib/audit/events";
import { createApiKey, revokeApiKey } from "../../lib/agent-door/api-keys";
import { saveCredentialRecord } from "../../lib/credentials/server/credential-saves";
import { getDb } from "../../lib/db/client";
import { sqliteFilePath } from "../../lib/db/database-url";
import { createPersona } from "../../lib/personas/server/personas";
import { seedDatabase } from "../../lib/setup/seed";
import { saveTool } from "../../lib/catalog/tool-saves";
import { createUser } from "../../lib/operators/users";
import { loadKeyring } from "../../lib/secrets/keyring";
import { parseToolDefinition } from "../../lib/tools";
import { SEEDED_SECRETS } from "../fixtures/seeded-secrets";
import { E2E_DATABASE_URL, E2E_MOCK_UPSTREAM, E2E_MOCK_UPSTREAM_PORT, E2E_OPERATORS } from "./environment";
import { LOCKOUT_OPERATOR } from "./lockout-operator";
import { MCP_KEY_FILE, MCP_PERSONA, MCP_TOOLS } from "./mcp-fixture";
import { SEARCH_DISABLED_TOOL, SEARCH_KEY_FILE, SEARCH_PERSONA, SEARCH_TOOLS } from "./search-mode-fixture";
import { RUNTIME_DISABLED_TOOL, RUNTIME_KEYS_FILE, RUNTIME_PERSONA, RUNTIME_TOOLS, type RuntimeKeys } from "./runtime-api-fixture";

const databaseFile = sqliteFilePath(E2E_DATABASE_URL);
for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(databaseFile + suffix, { force: true });
await applyPendingMigrations(E2E_DATABASE_URL);

const keyring = loadKeyring(process.env);
await seedDatabase({ adminEmail: E2E_OPERATORS.admin.email, adminPassword: E2E_OPERATORS.admin.password, keyring: () => keyring });
for (const role of ["editor", "viewer"] as const) {
  const operator = E2E_OPERATORS[role];
  await createUser({ email: operator.email, name: operator.name, role, password: operator.password }, SYSTEM_ACTOR);
}

const basicCredentials = Buffer.from(`crm-bot:${SEEDED_SECRETS.crmPassword}`).toString("base64");
const secretTools = [
  {
    name: "e2e_orders",
    headers: { Authorization: `Bearer ${SEEDED_SECRETS.ordersApiToken}`, "X-Legacy-Pin": SEEDED_SECRETS.legacyPin },
  },
  { name: "e2e_weather", headers: { "X-Api-Key": SEEDED_SECRETS.weatherApiKey } },
  { name: "e2e_crm", headers: { Authorization: `Basic ${basicCredentials}` } },
];
for (const tool of secretTools) {
  const definition = parseToolDefinition({
    name: tool.name,
    description: `End-to-end fixture tool ${tool.name} with secret headers.`,
    parameters: [{ name: "id", type: "string", required: true }],
    request: { method: "GET", url: "https://api.example.com/items/{{id}}", headers: tool.headers },
    secret_headers: Object.keys(tool.headers),
    group: "e2e",
  });
  const values = Object.fromEntries(Object.entries(tool.headers).map(([header, value]) => [header, { value }]));
  await saveTool({ definition, secrets: { values, keyring }, baseVersion: null, actor: SYSTEM_ACTOR });
}

// A tool and a persona naming it, for the rename journey (tool-authoring.spec.ts).
await saveTool({
  definition: parseToolDefinition({
    name: "e2e_rename_me",
    description: "End-to-end fixture tool that the authoring journey renames.",
    request: { method: "GET", url: "https://api.example.com/rename" },
  }),
  baseVersion: null,
  actor: SYSTEM_ACTOR,
});
await createPersona({ slug: "e2e-rename", name: "Rename check", grant: ["e2e_rename_me"] }, SYSTEM_ACTOR);

// A persona whose grant and disabled list name tools that no longer exist.
await createPersona(
  { slug: "e2e-retired", name: "Retired tools", grant: ["triage_request", "retired_lookup"], disabledTools: ["old_weather"] },
  SYSTEM_ACTOR,
);

// The playground's tools (playground.spec.ts), all calling the mock upstream (e2e/support/mock-upstream.ts).
const playgroundTools: Record<string, unknown>[] = [
  {
    name: "e2e_play_forecast",
    description: "Playground fixture: a GET with nested parameters whose echoed query is extracted by json_path.",
    parameters: {
      type: "object",
      properties: {
        location: {
          type: "object",
          // A pattern a backtracking engine stalls on for long input that does not match: the browser's
          // form must answer it at once (security-headers.spec.ts), as the server does.
          properties: { city: { type: "string", default: "Lisbon" }, country: { type: "string", pattern: "^([A-Z]+)+$" } },
          required: ["city"],
        },
        stops: {
          type: "array",
          items: { type: "object", properties: { name: { type: "string" }, minutes: { type: "integer" } }, required: ["name"] },
        },
      },
      required: ["location"],
    },
    request: { method: "GET", url: `${E2E_MOCK_UPSTREAM}/forecast`, query: { location: "{{location}}", stops: "{{stops}}" } },
    response: { extract: "json_path", path: "query.location" },
  },
  {
    name: "e2e_play_broken",
    description: "Playground fixture: the upstream answers 500.",
    request: { method: "GET", url: `${E2E_MOCK_UPSTREAM}/status/500` },
  },
  {
    name: "e2e_play_slow",
    description: "Playground fixture: a 1-second timeout against a 3-second upstream.",
    request: { method: "GET", url: `${E2E_MOCK_UPSTREAM}/delay/3000` },
    timeout: 1,
  },
  {
    name: "e2e_play_wait",
    description: "Playground fixture: an upstream that takes 20 seconds, to cancel.",
    request: { method: "GET", url: `${E2E_MOCK_UPSTREAM}/delay/20000` },
    timeout: 30,
  },
  {
    name: "e2e_play_create_note",
    description: "Playground fixture: a POST with a side effect.",
    parameters: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    request: { method: "POST", url: `${E2E_MOCK_UPSTREAM}/notes`, body: { text: "{{text}}" } },
    side_effect: true,
  },
  {
    name: "e2e_play_close_chat",
    description: "Playground fixture: the upstream's answer halts the turn and says a fixed text.",
    request: { method: "GET", url: `${E2E_MOCK_UPSTREAM}/json?state=closed&agent=none` },
    halt_when: { json_path: "state", equals: ["closed"], say: { text: "TRANSFER_TO_HUMAN" } },
  },
  {
    name: "e2e_play_order_state",
    description: "Playground fixture: a result with a declared output schema; a state outside it is a mismatch.",
    parameters: { type: "object", properties: { state: { type: "string", default: "shipped" } } },
    request: { method: "GET", url: `${E2E_MOCK_UPSTREAM}/json?id=A-1&state={{state}}` },
    output_schema: {
      type: "object",
      properties: { id: { type: "string" }, state: { type: "string", enum: ["open", "shipped"] } },
      required: ["id", "state"],
    },
  },
  {
    name: "e2e_play_elsewhere",
    description: "Playground fixture: a loopback address the e2e allowlist does not admit.",
    request: { method: "GET", url: `http://[::1]:${E2E_MOCK_UPSTREAM_PORT}/echo` },
  },
];
for (const document of playgroundTools) {
  await saveTool({ definition: parseToolDefinition({ group: "e2e-playground", ...document }), baseVersion: null, actor: SYSTEM_ACTOR });
}
// The mock echoes its request headers back, so the secret returns in the response body.
await saveTool({
  definition: parseToolDefinition({
    name: "e2e_play_echo_secret",
    description: "Playground fixture: a secret header that the upstream echoes back.",
    request: { method: "GET", url: `${E2E_MOCK_UPSTREAM}/echo`, headers: { "X-Echo-Token": SEEDED_SECRETS.echoToken } },
    secret_headers: ["X-Echo-Token"],
    group: "e2e-playground",
  }),
  secrets: { values: { "X-Echo-Token": { value: SEEDED_SECRETS.echoToken } }, keyring },
  baseVersion: null,
  actor: SYSTEM_ACTOR,
});

// Two tools only the personas journey uses (personas.spec.ts): it grants both, then deletes one.
for (const name of ["e2e_persona_keep", "e2e_persona_doomed"]) {
  await saveTool({
    definition: parseToolDefinition({
      name,
      description: `Personas journey fixture ${name}; never called.`,
      request: { method: "GET", url: `${E2E_MOCK_UPSTREAM}/personas/${name}` },
      group: "e2e-personas",
    }),
    baseVersion: null,
    actor: SYSTEM_ACTOR,
  });
}

// A shared credential no tool uses, so the Credentials page shows a row (every-page.spec.ts screenshots
// it). Its host is one no spec's tool calls, so no tool editor's picker offers it.
await saveCredentialRecord({
  input: {
    name: "e2e_shared_vendor",
    description: "End-to-end fixture credential; no tool uses it.",
    kind: "header",
    header_name: "X-Vendor-Key",
    hosts: ["api.vendor.example.org"],
    value: SEEDED_SECRETS.sharedCredentialValue,
  },
  keyring,
  actor: SYSTEM_ACTOR,
});

// The sign-in abuse spec's own operator, locked out there.
await createUser({ ...LOCKOUT_OPERATOR, role: "viewer" }, SYSTEM_ACTOR);

// The MCP journey's persona and API key (e2e/mcp.spec.ts); the token goes to an owner-only file, never to the log.
await createPersona({ slug: MCP_PERSONA, name: "MCP check", grant: [...MCP_TOOLS] }, SYSTEM_ACTOR);
const mcpKey = await createApiKey({ name: "e2e MCP client", personaSlugs: [MCP_PERSONA] }, SYSTEM_ACTOR);
writeFileSync(MCP_KEY_FILE, mcpKey.token, { mode: 0o600 });

// The runtime API journey's persona and keys (e2e/runtime-api.spec.ts); tokens go to an owner-only file.
await createPersona({ slug: RUNTIME_PERSONA, name: "Runtime API check", grant: [...RUNTIME_TOOLS], disabledTools: [RUNTIME_DISABLED_TOOL] }, SYSTEM_ACTOR);
const runtimeKey = (name: string, personaSlugs: string[]) => createApiKey({ name, personaSlugs }, SYSTEM_ACTOR);
const revokedKey = await runtimeKey("e2e runtime revoked", [RUNTIME_PERSONA]);
await revokeApiKey(revokedKey.id, SYSTEM_ACTOR);
const runtimeKeys: RuntimeKeys = {
  active: (await runtimeKey("e2e runtime", [RUNTIME_PERSONA])).token,
  revoked: revokedKey.token,
  otherPersona: (await runtimeKey("e2e runtime other persona", [MCP_PERSONA])).token,
  limited: (await runtimeKey("e2e runtime rate limit", [RUNTIME_PERSONA])).token,
};
writeFileSync(RUNTIME_KEYS_FILE, JSON.stringify(runtimeKeys), { mode: 0o600 });

// The search mode journey's persona and key (e2e/search-mode.spec.ts): over the e2e threshold, search mode off.
await createPersona({ slug: SEARCH_PERSONA, name: "Search mode check", grant: [...SEARCH_TOOLS], disabledTools: [SEARCH_DISABLED_TOOL] }, SYSTEM_ACTOR);
writeFileSync(SEARCH_KEY_FILE, (await createApiKey({ name: "e2e search client", personaSlugs: [SEARCH_PERSONA] }, SYSTEM_ACTOR)).token, { mode: 0o600 });

await getDb().$disconnect();
console.log("e2e database ready");
