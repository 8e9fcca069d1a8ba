/**
 * What a fresh Quiver shows: four example tools, one per feature an operator should see at
 * work (a JSON path, a body template with a secret header, halt-and-say, an evidence envelope),
 * and a persona family whose child inherits the base persona's grant.
 */
import type { NewPersona } from "../personas/server";

export const EXAMPLE_SECRET_HEADER = "Authorization";
/** A stand-in credential, stored encrypted like any other; operators replace it with a real one. */
export const EXAMPLE_SECRET_VALUE = "Bearer replace-me-with-a-real-token";

/** Tool documents in the persisted form (SPEC §1.1). */
export const EXAMPLE_TOOLS: readonly Record<string, unknown>[] = [
  {
    name: "get_current_temperature",
    description: "Current air temperature (°C) at a latitude and longitude, from Open-Meteo.",
    parameters: {
      type: "object",
      properties: {
        latitude: { type: "number", description: "Decimal degrees, e.g. 59.91" },
        longitude: { type: "number", description: "Decimal degrees, e.g. 10.75" },
      },
      required: ["latitude", "longitude"],
    },
    request: {
      method: "GET",
      url: "https://api.open-meteo.com/v1/forecast",
      query: { latitude: "{{latitude}}", longitude: "{{longitude}}", current: "temperature_2m" },
    },
    response: { extract: "json_path", path: "current.temperature_2m" },
    group: "examples",
    tags: ["example", "json-path"],
  },
  {
    name: "create_support_note",
    description: "Add a note to a customer's support case. Echoed back by httpbin.org, secret header masked.",
    parameters: [
      { name: "customer_id", type: "string", required: true, description: "The customer's id" },
      { name: "note", type: "string", required: true, description: "What happened" },
      { name: "priority", type: "integer", description: "1 (low) to 3 (high)" },
    ],
    request: {
      method: "POST",
      url: "https://httpbin.org/post",
      headers: { [EXAMPLE_SECRET_HEADER]: "", "X-Tenant": "{{ctx.tenant}}" },
      body: { customer: "{{customer_id}}", text: "{{note}}", priority: "{{priority}}", source: "quiver" },
    },
    response: { extract: "json_path", path: "json" },
    secret_headers: [EXAMPLE_SECRET_HEADER],
    timeout: 10,
    group: "examples",
    tags: ["example", "body-template", "secret"],
  },
  {
    name: "triage_request",
    description: "Decide whether a request needs a human. Ends the agent's turn with CALL_SUPPORT when it does.",
    parameters: [{ name: "action", type: "string", required: true, description: "CONTINUE or ESCALATE" }],
    request: { method: "GET", url: "https://httpbin.org/anything/triage", query: { action: "{{action}}" } },
    response: { extract: "json_path", path: "args" },
    halt_when: { json_path: "args.action", equals: ["ESCALATE"], say: { text: "CALL_SUPPORT" } },
    group: "examples",
    tags: ["example", "halt"],
  },
  {
    name: "search_encyclopedia",
    description: "Search Wikipedia and return citable records (title, summary) for the model to quote.",
    parameters: [{ name: "query", type: "string", required: true, description: "What to look up" }],
    request: {
      method: "GET",
      url: "https://en.wikipedia.org/w/rest.php/v1/search/page",
      query: { q: "{{query}}", limit: "5" },
    },
    response: { extract: "evidence_envelope" },
    evidence: {
      items_path: "pages",
      fields: { title: "title", summary: "description", key: "key" },
      source: "Wikipedia",
      max_items: 5,
    },
    group: "examples",
    tags: ["example", "evidence"],
  },
];

/** The base persona grants three of the examples; the child declares no grant and inherits it. */
export const EXAMPLE_PERSONAS: readonly NewPersona[] = [
  {
    slug: "support-base",
    name: "Support (base)",
    description: "Shared ceiling for the support agents: what any of them may ever call.",
    grant: ["get_current_temperature", "triage_request", "search_encyclopedia"],
  },
  {
    slug: "support-tier1",
    name: "Support tier 1",
    description: "First-line support agent. Inherits the base grant.",
    parentSlug: "support-base",
  },
];
