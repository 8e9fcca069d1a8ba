/**
 * The import boundaries (lib/architecture.ts says each rule), checked on every test run so the
 * layout cannot drift: on the tree, and on hand-written violations that each rule must catch.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DOMAINS, importViolations, nodeOnlyImports, serverOnlyReach, type SourceFile } from "./architecture";

const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));
const SCANNED_FOLDERS = ["lib", "app", "components", "scripts", "bench", "e2e", "prisma"];
const SKIPPED = new Set(["node_modules", "lib/db/generated"]);
/** These files: the self-tests feed the checker violating imports on purpose. */
const SELF = new Set(["lib/architecture.test.ts", "lib/architecture.ts"]);

function projectSources(): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (relative: string): void => {
    for (const entry of fs.readdirSync(path.join(PROJECT_ROOT, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (SKIPPED.has(entry.name) || SKIPPED.has(child)) continue;
      if (entry.isDirectory()) walk(child);
      else if (/\.(tsx?|js)$/.test(entry.name) && !SELF.has(child)) {
        files.push({ path: child, source: fs.readFileSync(path.join(PROJECT_ROOT, child), "utf8") });
      }
    }
  };
  for (const folder of SCANNED_FOLDERS) walk(folder);
  return files;
}

/** The part of each violation before its reason: "file: imports X". */
const flagged = (violations: readonly string[]) => violations.map((violation) => violation.split(" — ")[0]);

describe("the layout", () => {
  it("has a folder per domain, none holding more than about twenty source files side by side", () => {
    const crowded = DOMAINS.flatMap((domain) => {
      const walk = (folder: string): string[] => {
        const entries = fs.readdirSync(path.join(PROJECT_ROOT, folder), { withFileTypes: true });
        const flat = entries.filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name));
        const here = flat.length > 22 ? [`${folder}: ${flat.length} source files`] : [];
        return [...here, ...entries.filter((entry) => entry.isDirectory()).flatMap((entry) => walk(`${folder}/${entry.name}`))];
      };
      return walk(`lib/${domain}`);
    });
    expect(crowded).toEqual([]);
    expect(fs.readdirSync(path.join(PROJECT_ROOT, "lib/db")).filter((name) => /\.ts$/.test(name) && !name.endsWith(".test.ts")).length).toBeLessThan(12);
  });
});

describe("import boundaries", () => {
  it("hold across the project", () => {
    const files = projectSources();
    expect(files.filter((file) => file.path.startsWith("lib/tools/")).length).toBeGreaterThan(50);
    const violations = importViolations(files);
    expect(violations, violations.join("\n")).toEqual([]);
  });

  it("are reported, every one, by the checker", () => {
    const files: SourceFile[] = [
      { path: "lib/tools/index.ts", source: 'export * from "./client";\nexport * from "./definition";' },
      { path: "lib/tools/testing.ts", source: 'export * from "./execution/test-support/upstream";' },
      { path: "lib/tools/types.ts", source: "" },
      { path: "lib/tools/definition/index.ts", source: 'export * from "./parse";' },
      { path: "lib/tools/definition/parse.ts", source: 'import type { Tool } from "../types";' },
      { path: "lib/tools/execution/test-support/upstream.ts", source: 'import http from "node:http";' },
      { path: "lib/tools/execution/run.test.ts", source: 'import { startUpstream } from "./test-support/upstream";' },
      { path: "lib/tools/execution/run.ts", source: 'import {\n  parse,\n} from "../definition";\nimport { x } from "../definition/parse";' },
      { path: "lib/tools/code/tool.ts", source: 'export { y } from "../execution/run";\nimport { z } from "..";' },
      { path: "lib/tools/client.ts", source: 'export * from "./definition";' },
      { path: "lib/tools/authoring/index.ts", source: 'import { parseToolDefinition } from "../client";' },
      { path: "lib/secrets/keys.ts", source: 'import { cookies } from "next/headers";\nconst db = await import("../db/client");' },
      { path: "lib/secrets/server/keyring.ts", source: 'import "server-only";\nimport { getDb } from "../../db/client";' },
      { path: "lib/personas/resolve.ts", source: 'import { useState } from "react";\nimport { secret } from "../secrets/keys";\nimport { ring } from "../secrets/server/keyring";' },
      { path: "lib/db/client.ts", source: 'import { listTools } from "../catalog/tools";\nimport { Prisma } from "./generated/client";\nimport type { JsonValue } from "../tools";\nimport { parse } from "../tools";' },
      { path: "lib/db/test-support/fixtures.ts", source: 'import { saveTool } from "../../catalog";' },
      { path: "lib/catalog/index.ts", source: 'export * from "./tools";' },
      { path: "lib/catalog/tools.ts", source: 'import "server-only";\nimport { getDb } from "../db/client";\nimport { flag } from "../../scripts/flags";' },
      { path: "lib/catalog/actions.ts", source: '"use server";\nimport { listTools } from "./tools";' },
      { path: "lib/playground/run.ts", source: 'import { listTools } from "../catalog/tools";\nimport { getTool } from "../catalog";' },
      { path: "lib/playground/run.test.ts", source: 'import { listTools } from "../catalog/tools";' },
      { path: "app/page.tsx", source: 'import { parse } from "@/lib/tools";\nimport { run } from "@/lib/tools/execution/run";\nimport { listTools } from "@/lib/catalog/tools";\nimport { saveAction } from "@/lib/catalog/actions";' },
      { path: "components/form.tsx", source: 'import { reply } from "@/lib/tools/testing";\nimport { newField } from "@/lib/tools/client";\nimport { saveAction } from "@/app/tools/actions";\nimport { getDb } from "@/lib/db/client";\nimport { save } from "@/lib/catalog/actions";' },
      { path: "bench/run.ts", source: 'import { reply } from "./tools/testing";' },
    ];
    expect(flagged(importViolations(files))).toEqual([
      "lib/tools/execution/run.ts: imports ../definition/parse",
      "lib/tools/code/tool.ts: imports ../execution/run",
      "lib/tools/code/tool.ts: imports ..",
      "lib/tools/authoring/index.ts: imports ../client",
      "lib/secrets/keys.ts: imports next/headers",
      "lib/secrets/keys.ts: imports ../db/client",
      "lib/personas/resolve.ts: imports react",
      "lib/personas/resolve.ts: imports ../secrets/keys",
      "lib/personas/resolve.ts: imports ../secrets/server/keyring",
      "lib/db/client.ts: imports ../catalog/tools",
      "lib/db/client.ts: imports ../tools",
      "lib/catalog/tools.ts: imports ../../scripts/flags",
      "lib/playground/run.ts: imports ../catalog/tools",
      "app/page.tsx: imports @/lib/tools/execution/run",
      "app/page.tsx: imports @/lib/catalog/tools",
      "components/form.tsx: imports @/lib/tools/testing",
      "components/form.tsx: imports @/app/tools/actions",
      "components/form.tsx: imports @/lib/db/client",
    ]);
  });
});

describe("client components", () => {
  it("reach no server-only module through any chain of value imports", () => {
    const files = projectSources();
    const found = serverOnlyReach(files);
    expect(found, found.join("\n")).toEqual([]);
  });

  it("are walked (components/ and every \"use client\" file) through value imports, stopping at type-only imports and at actions files", () => {
    const files: SourceFile[] = [
      { path: "components/a.tsx", source: 'import { rows } from "@/lib/usage/ranges";\nimport type { Run } from "@/lib/playground/run";\nimport { fire } from "@/lib/playground/actions";' },
      { path: "components/b.tsx", source: 'import { format } from "./format";' },
      { path: "components/format.ts", source: 'import { list } from "@/lib/usage/usage";\nimport { DAYS } from "@/lib/usage/queries";' },
      { path: "lib/usage/queries.ts", source: 'import { getDb } from "../db/client";\nexport const DAYS = 7;' },
      { path: "lib/db/client.ts", source: "export const getDb = () => null;" },
      { path: "app/login/form.tsx", source: '"use client";\nimport { describe } from "@/lib/operators";' },
      { path: "app/login/page.tsx", source: 'import { listUsers } from "@/lib/operators";' },
      { path: "lib/operators/index.ts", source: 'export * from "./users";' },
      { path: "lib/operators/users.ts", source: 'import "server-only";' },
      { path: "lib/usage/ranges.ts", source: "export const rows = 1;" },
      { path: "lib/usage/usage.ts", source: 'import "server-only";' },
      { path: "lib/playground/run.ts", source: 'import "server-only";' },
      { path: "lib/playground/actions.ts", source: '"use server";\nimport { run } from "./run";' },
    ];
    expect(serverOnlyReach(files)).toEqual([
      "components/b.tsx → components/format.ts → lib/usage/usage.ts",
      "components/b.tsx → components/format.ts → lib/usage/queries.ts → lib/db/client.ts",
      "components/format.ts → lib/usage/usage.ts",
      "components/format.ts → lib/usage/queries.ts → lib/db/client.ts",
      "app/login/form.tsx → lib/operators/index.ts → lib/operators/users.ts",
    ]);
  });
});

describe("the browser-safe entry point lib/tools/client", () => {
  it("reaches no Node-only code", () => {
    const files = projectSources();
    expect(files.some((file) => file.path === "lib/tools/client.ts")).toBe(true);
    const found = nodeOnlyImports(files, "lib/tools/client.ts");
    expect(found, found.join("\n")).toEqual([]);
  });

  it("is checked through every import, type-only ones included, by the walker", () => {
    const files: SourceFile[] = [
      { path: "lib/tools/client.ts", source: 'export * from "./definition";\nexport type { Tool } from "./types";' },
      { path: "lib/tools/definition/index.ts", source: 'export * from "./parse";' },
      { path: "lib/tools/definition/parse.ts", source: 'import Ajv from "ajv";\nimport { lookup } from "node:dns";\nimport { ValidationError } from "../../errors";' },
      { path: "lib/tools/types.ts", source: 'import type { Agent } from "undici";\nimport { parse } from "./definition/parse";' },
      { path: "lib/errors.ts", source: 'import { readFile } from "fs/promises";' },
      { path: "lib/tools/execution/guard.ts", source: 'import net from "node:net";' },
    ];
    expect(nodeOnlyImports(files, "lib/tools/client.ts")).toEqual([
      "lib/tools/client.ts → lib/tools/types.ts → undici",
      "lib/tools/client.ts → lib/tools/definition/index.ts → lib/tools/definition/parse.ts → node:dns",
      "lib/tools/client.ts → lib/tools/definition/index.ts → lib/tools/definition/parse.ts → lib/errors.ts → fs/promises",
    ]);
  });
});
