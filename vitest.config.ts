import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The https loopback host of the OAuth tests presents the test certificate. Node reads extra trust
// anchors once, at start-up: the test processes, forked from this one, take them from here (in
// place of any the machine sets: tests reach loopback only).
process.env.NODE_EXTRA_CA_CERTS = fileURLToPath(new URL("./e2e/support/tls/loopback-test-cert.pem", import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./", import.meta.url)),
      // `server-only` throws outside React's server build; in tests lib/ runs in plain Node.
      "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one, on a two-core machine. Much of the
    // suite waits — on PostgreSQL, on the servers and scripts it starts — so two files at a time
    // keep both cores busy (each file has its own databases: lib/db/test-support).
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "e2e/**/*.unit.test.ts"],
          environment: "node",
          setupFiles: ["lib/test-setup.ts"],
        },
      },
      {
        // The design system's components, rendered in jsdom and driven through roles and labels.
        extends: true,
        test: {
          name: "components",
          include: ["components/**/*.test.ts", "components/**/*.test.tsx"],
          environment: "jsdom",
          setupFiles: ["components/test-setup.ts"],
        },
      },
    ],
  },
});
