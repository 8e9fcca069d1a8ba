/**
 * Every page an e2e spec visits, with the status and the level-1 heading it shows (and the tab
 * selected, where the URL picks one). Dashboard pages are visited as a signed-in operator; a page
 * marked `signedOut` (sign-in) is visited without a session. The every-page spec checks each for phone
 * width, axe and screenshots; the security-headers spec checks each for CSP violations. A new page
 * is added here, once, and both specs cover it.
 */
export const ROUTES = [
  { path: "/tools", status: 200, heading: "Tools" },
  { path: "/tools/e2e_orders", status: 200, heading: "e2e_orders" },
  { path: "/tools/current_time", status: 200, heading: "current_time" },
  { path: "/tools/e2e_orders?tab=json", status: 200, heading: "e2e_orders", selectedTab: "JSON" },
  { path: "/tools/e2e_orders/edit", status: 200, heading: "e2e_orders" },
  { path: "/tools/new-tool", status: 200, heading: "New tool" },
  { path: "/tools/import-tools", status: 200, heading: "Import tools" },
  { path: "/tools/e2e_play_forecast?tab=test", status: 200, heading: "e2e_play_forecast", selectedTab: "Test" },
  { path: "/credentials", status: 200, heading: "Credentials" },
  { path: "/playground", status: 200, heading: "Playground" },
  { path: "/personas", status: 200, heading: "Personas" },
  { path: "/personas/support-tier1", status: 200, heading: "Support tier 1", selectedTab: "Tools" },
  { path: "/personas/support-tier1?tab=agent", status: 200, heading: "Support tier 1", selectedTab: "What the agent sees" },
  { path: "/personas/support-tier1?tab=grant", status: 200, heading: "Support tier 1", selectedTab: "Grant" },
  { path: "/personas/support-tier1?tab=connect", status: 200, heading: "Support tier 1", selectedTab: "Connect" },
  { path: "/personas/matrix", status: 200, heading: "Tools × personas" },
  { path: "/personas/no-such-persona", status: 404, heading: "This page does not exist" },
  { path: "/audit", status: 200, heading: "Audit" },
  { path: "/settings", status: 200, heading: "Settings" },
  { path: "/settings/users", status: 200, heading: "Operators" },
  { path: "/settings/account", status: 200, heading: "Your account" },
  { path: "/settings/api-keys", status: 200, heading: "API keys" },
  { path: "/settings/connected-apps", status: 200, heading: "Connected apps" },
  { path: "/usage", status: 200, heading: "Usage" },
  { path: "/usage?range=week", status: 200, heading: "Usage" },
  { path: "/", status: 200, heading: "Overview" },
  { path: "/tools/no_such_tool", status: 404, heading: "This page does not exist" },
  { path: "/no-such-page", status: 404, heading: "This page does not exist" },
  { path: "/login", status: 200, heading: "Sign in to the operator console", signedOut: true },
] as const;

export const SIGNED_IN_ROUTES = ROUTES.filter((route) => !("signedOut" in route));
export const SIGNED_OUT_ROUTES = ROUTES.filter((route) => "signedOut" in route);
