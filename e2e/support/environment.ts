/**
 * The e2e server's configuration: its own SQLite file, fixed test secrets and known operators.
 * Nothing here is used outside the test suite.
 */
import { LOOPBACK_TEST_CERT } from "./loopback-tls";
import { E2E_SEARCH_MODE_THRESHOLD } from "./search-mode-fixture";

export const E2E_PORT = 3100;
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_DATABASE_URL = "file:./data/e2e.db";
/** Everything the e2e server prints, checked for secrets after the suite. */
export const E2E_SERVER_LOG = "data/e2e-server.log";

/** The mock upstream (e2e/support/mock-upstream.ts) the playground fixture tools call. */
export const E2E_MOCK_UPSTREAM_PORT = 3101;
export const E2E_MOCK_UPSTREAM = `http://127.0.0.1:${E2E_MOCK_UPSTREAM_PORT}`;
/** A port for specs that start a server of their own (start-up checks). */
export const E2E_SPARE_PORT = 3102;

/** 32 bytes, base64: the encryption key of the e2e database only. */
export const E2E_ENCRYPTION_KEY = "ZTJlLW9ubHktZW5jcnlwdGlvbi1rZXktMzItYnl0ZXM=";

export const E2E_OPERATORS = {
  admin: { email: "admin@e2e.quiver.test", name: "Administrator", password: "admin-password-e2e-1" },
  editor: { email: "editor@e2e.quiver.test", name: "Eddie Editor", password: "editor-password-e2e-1" },
  viewer: { email: "viewer@e2e.quiver.test", name: "Vera Viewer", password: "viewer-password-e2e-1" },
} as const;

export type E2ERole = keyof typeof E2E_OPERATORS;

/** The e2e server serves Prometheus metrics to this token (e2e/observability.spec.ts scrapes them). */
export const E2E_METRICS_TOKEN = "e2e-only-metrics-token-0123456789";

export const E2E_SERVER_ENV: Record<string, string> = {
  DATABASE_URL: E2E_DATABASE_URL,
  NEXTAUTH_URL: E2E_BASE_URL,
  NEXTAUTH_SECRET: "e2e-only-nextauth-secret-not-for-production",
  QUIVER_ENCRYPTION_KEY: E2E_ENCRYPTION_KEY,
  QUIVER_ADMIN_EMAIL: E2E_OPERATORS.admin.email,
  QUIVER_ADMIN_PASSWORD: E2E_OPERATORS.admin.password,
  QUIVER_PREVIOUS_ENCRYPTION_KEYS: "",
  // Only the mock upstream's exact address: every other loopback form stays refused by the guard.
  QUIVER_DESTINATION_ALLOWLIST: "127.0.0.1",
  MOCK_UPSTREAM_PORT: String(E2E_MOCK_UPSTREAM_PORT),
  QUIVER_METRICS_TOKEN: E2E_METRICS_TOKEN,
  QUIVER_SEARCH_MODE_THRESHOLD: String(E2E_SEARCH_MODE_THRESHOLD),
  // OAuth apps' metadata documents are served over https on loopback with the test certificate.
  NODE_EXTRA_CA_CERTS: LOOPBACK_TEST_CERT,
  // The test workers resolve with React's server condition (playwright.config.ts); the app must not.
  NODE_OPTIONS: "",
};

/** Where each role's signed-in browser state is saved by the sign-in setup project. */
export const storageStateFor = (role: E2ERole) => `e2e/.auth/${role}.json`;
