import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { APP_SERVER_COMMAND } from "./e2e/support/app-server";
import { E2E_BASE_URL, E2E_MOCK_UPSTREAM, E2E_SERVER_ENV, E2E_SERVER_LOG } from "./e2e/support/environment";

/**
 * End-to-end tests drive the production build in Debian's Chromium (Playwright's own browser
 * download cannot work offline). The mock upstream starts first (the playground's tools call it);
 * then the web server prepares a fresh SQLite database and starts.
 */

// Specs read and write the test database through lib/, whose server modules import `server-only`:
// it admits only React's server build, so the test workers resolve with that condition. The app
// servers they start do not (E2E_SERVER_ENV resets NODE_OPTIONS).
const REACT_SERVER_CONDITION = "--conditions=react-server";
if (!process.env.NODE_OPTIONS?.includes(REACT_SERVER_CONDITION)) {
  process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, REACT_SERVER_CONDITION].filter(Boolean).join(" ");
}

/** The read-only visits of every page (e2e/every-page.spec.ts), run beside the journeys. */
const EVERY_PAGE = /every-page\.spec\.ts$/;

/** Debian's headless shell when installed (what `npm test` installs), else its full chromium. */
const DEFAULT_CHROMIUM = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((path) => existsSync(path)) ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "./e2e",
  testMatch: /.*\.(spec|setup)\.ts$/,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  globalTeardown: "./e2e/support/server-log-check.ts",
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  // Two workers, one per project: the journeys run one at a time in file order (they share the one
  // database), while the page visits, which only read, run beside them against the same server.
  workers: 2,
  projects: [
    { name: "sign-in", testMatch: /auth\.setup\.ts$/ },
    { name: "chromium", dependencies: ["sign-in"], testIgnore: [/auth\.setup\.ts$/, EVERY_PAGE], workers: 1 },
    { name: "every page", dependencies: ["sign-in"], testMatch: EVERY_PAGE, workers: 1 },
  ],
  webServer: [
    {
      command: "npx tsx e2e/support/mock-upstream.ts",
      url: `${E2E_MOCK_UPSTREAM}/__requests`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: E2E_SERVER_ENV,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The app's server as `npm start` runs it: one port, the agents' door in front of Next.js.
      command: `mkdir -p data && (npx tsx --conditions=react-server e2e/support/prepare-database.ts && PORT=${new URL(E2E_BASE_URL).port} ${APP_SERVER_COMMAND}) 2>&1 | tee ${E2E_SERVER_LOG}`,
      url: `${E2E_BASE_URL}/login`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: E2E_SERVER_ENV,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
