/**
 * The one-port server's wiring (scripts/server.ts; the server itself is what the whole e2e suite
 * runs against): which requests go to the agents' door rather than Next.js, and `npm start` runs
 * the very command the specs and the benchmark start.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { APP_SERVER_COMMAND } from "../e2e/support/app-server";
import { isDoorPath } from "../lib/agent-door/gateway";
import { PROJECT_ROOT } from "../lib/db/migrations/dialect-schemas";

describe("the one-port server", () => {
  it.each([
    ["/api/v1", true],
    ["/api/v1/", true],
    ["/api/v1?x=1", true],
    ["/api/v1/personas/support/mcp", true],
    ["/api/v1/openapi.json", true],
    ["/api/v10/x", false],
    ["/api/v1x", false],
    ["/api/auth/session", false],
    ["/api/playground/runs", false],
    ["/tools", false],
    ["/", false],
  ] as const)("sends %s to the door: %s", (target, door) => {
    expect(isDoorPath(target)).toBe(door);
  });

  it("is what npm start runs", () => {
    const scripts = (JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe(APP_SERVER_COMMAND);
  });
});
