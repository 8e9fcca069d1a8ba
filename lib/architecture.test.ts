/**
 * The import boundaries, checked on every test run so the layout cannot drift:
 * 1. Outside `lib/tools`, the tool library is reached only through its entry points `lib/tools`
 *    (index.ts) and, for client components, `lib/tools/client` — or, from test code, benchmarks
 *    and e2e, through `lib/tools/testing`.
 * 2. Inside `lib/tools`, a file of one folder (definition/, execution/, code/, providers/,
 *    authoring/, or the shared files at the root) reaches another folder only through that
 *    folder's index.ts; test code may also reach a folder's `test-support/`. Nothing inside
 *    imports the library's own entry points (that is a cycle through every folder), except that
 *    index.ts re-exports the browser-safe `client.ts` whole.
 * 3. `lib/tools`, `lib/personas` and `lib/secrets` import nothing from Next.js, React, Prisma or `lib/db`.
 * 4. Nothing reachable from `lib/tools/client.ts` imports Node-only code (a `node:` builtin, a
 *    bare builtin such as `crypto`, undici, server-only): client components bundle all of it.
 */
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

interface SourceFile {
  /** Relative to the project root, with `/` separators. */
  readonly path: string;
  readonly source: string;
}

const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));
const SCANNED_FOLDERS = ["lib", "app", "components", "scripts", "bench", "e2e", "prisma"];
const SKIPPED = new Set(["node_modules", "lib/db/generated"]);
/** This file: its self-test feeds the checker violating imports on purpose. */
const SELF = "lib/architecture.test.ts";

const TOOLS = "lib/tools/";
const TOOLS_ENTRY = "lib/tools/index.ts";
const TOOLS_CLIENT_ENTRY = "lib/tools/client.ts";
const TOOLS_ENTRY_POINTS = new Set([TOOLS_ENTRY, TOOLS_CLIENT_ENTRY, "lib/tools/testing.ts"]);
const FRAMEWORK_FREE = ["lib/tools/", "lib/personas/", "lib/secrets/", "lib/credentials/"];
const FRAMEWORK_PACKAGE = /^(next|react|react-dom)(\/|$)|^@prisma\//;

/** Every `import … from`, `export … from`, bare `import "…"` and dynamic `import("…")` specifier. */
function importSpecifiers(source: string): string[] {
  const clause = String.raw`(?:type\s+)?(?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)`;
  const statements = new RegExp(String.raw`^\s*(?:import|export)\s+${clause}\s*from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']`, "gm");
  const dynamic = /\bimport\(\s*["']([^"']+)["']\s*\)/g;
  return [
    ...[...source.matchAll(statements)].map((match) => (match[1] ?? match[2]) as string),
    ...[...source.matchAll(dynamic)].map((match) => match[1] as string),
  ];
}

/** The project file a specifier names (`@/` is the project root), or null for a package. */
function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => known.has(candidate)) ?? base;
}

/** The folder of `lib/tools` a file belongs to: `definition`, `execution`, … or "" for the root files. */
function toolsFolder(file: string): string {
  const parts = file.slice(TOOLS.length).split("/");
  return parts.length > 1 ? (parts[0] as string) : "";
}

function isTestCode(file: string): boolean {
  return (
    file.endsWith(".test.ts") ||
    file.includes("/test-support/") ||
    file === "lib/tools/testing.ts" ||
    file.startsWith("bench/") ||
    file.startsWith("e2e/")
  );
}

/** Why an import crosses a boundary, or null when it does not. */
function boundaryProblem(file: string, specifier: string, target: string | null): string | null {
  const guarded = FRAMEWORK_FREE.some((folder) => file.startsWith(folder));
  if (guarded && target === null && FRAMEWORK_PACKAGE.test(specifier)) {
    return "lib/tools, lib/personas and lib/secrets stay free of Next.js, React and Prisma";
  }
  if (guarded && target !== null && (target === "lib/db" || target.startsWith("lib/db/"))) {
    return "lib/tools, lib/personas and lib/secrets do not reach the database layer";
  }
  if (target === null || !target.startsWith(TOOLS)) return null;

  if (!file.startsWith(TOOLS)) {
    if (target === TOOLS_ENTRY || target === TOOLS_CLIENT_ENTRY) return null;
    if (target === "lib/tools/testing.ts") {
      return isTestCode(file) ? null : "lib/tools/testing is for tests, benchmarks and e2e only; import lib/tools";
    }
    return "outside lib/tools, import the library's entry point lib/tools or lib/tools/client (or lib/tools/testing for test support)";
  }
  if (file === TOOLS_ENTRY && target === TOOLS_CLIENT_ENTRY) return null;
  if (TOOLS_ENTRY_POINTS.has(target)) {
    return "inside lib/tools, import the file itself: the entry points import every folder (a cycle)";
  }
  const folder = toolsFolder(target);
  if (folder === "" || folder === toolsFolder(file)) return null;
  if (target === `${TOOLS}${folder}/index.ts`) return null;
  if (target.startsWith(`${TOOLS}${folder}/test-support/`) && isTestCode(file)) return null;
  return `another folder of lib/tools is reached only through its index (import "${folder}" there)`;
}

/** Every boundary crossing in `files`, as "file: imports X — why". */
function importViolations(files: readonly SourceFile[]): string[] {
  const known = new Set(files.map((file) => file.path));
  return files.flatMap((file) =>
    importSpecifiers(file.source).flatMap((specifier) => {
      const problem = boundaryProblem(file.path, specifier, resolveImport(file.path, specifier, known));
      return problem === null ? [] : [`${file.path}: imports ${specifier} — ${problem}`];
    }),
  );
}

/** Builtins and packages that exist only on the server; a browser bundle cannot hold them. */
const NODE_ONLY: ReadonlySet<string> = new Set(["undici", "server-only", ...builtinModules]);

function isNodeOnly(specifier: string): boolean {
  return specifier.startsWith("node:") || NODE_ONLY.has(specifier) || NODE_ONLY.has(specifier.split("/")[0] as string);
}

/**
 * Every import of Node-only code reachable from `entry`, as the chain that reaches it
 * ("lib/tools/client.ts → lib/tools/definition/index.ts → … → node:dns"). Type-only imports count
 * too: they are erased, but a type that lives beside Node code is one edit away from pulling it in.
 */
function nodeOnlyImports(files: readonly SourceFile[], entry: string): string[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const known = new Set(byPath.keys());
  const reached = new Set([entry]);
  const chains: string[][] = [[entry]];
  const found: string[] = [];
  for (let next = 0; next < chains.length; next++) {
    const chain = chains[next] as string[];
    const file = byPath.get(chain.at(-1) as string);
    for (const specifier of importSpecifiers(file?.source ?? "")) {
      const target = resolveImport(chain.at(-1) as string, specifier, known);
      if (target === null) {
        if (isNodeOnly(specifier)) found.push([...chain, specifier].join(" → "));
      } else if (known.has(target) && !reached.has(target)) {
        reached.add(target);
        chains.push([...chain, target]);
      }
    }
  }
  return found;
}

function projectSources(): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (relative: string): void => {
    for (const entry of fs.readdirSync(path.join(PROJECT_ROOT, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (SKIPPED.has(entry.name) || SKIPPED.has(child)) continue;
      if (entry.isDirectory()) walk(child);
      else if (/\.tsx?$/.test(entry.name) && child !== SELF) {
        files.push({ path: child, source: fs.readFileSync(path.join(PROJECT_ROOT, child), "utf8") });
      }
    }
  };
  for (const folder of SCANNED_FOLDERS) walk(folder);
  return files;
}

describe("import boundaries", () => {
  it("hold across the project", () => {
    const files = projectSources();
    expect(files.filter((file) => file.path.startsWith(TOOLS)).length).toBeGreaterThan(50);
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
      { path: "lib/personas/resolve.ts", source: 'import { useState } from "react";\nimport { secret } from "../secrets/keys";' },
      { path: "app/page.tsx", source: 'import { parse } from "@/lib/tools";\nimport { run } from "@/lib/tools/execution/run";' },
      { path: "components/form.tsx", source: 'import { reply } from "@/lib/tools/testing";\nimport { newField } from "@/lib/tools/client";' },
      { path: "bench/run.ts", source: 'import { reply } from "../lib/tools/testing";' },
    ];
    expect(importViolations(files).map((violation) => violation.split(" — ")[0])).toEqual([
      "lib/tools/execution/run.ts: imports ../definition/parse",
      "lib/tools/code/tool.ts: imports ../execution/run",
      "lib/tools/code/tool.ts: imports ..",
      "lib/tools/authoring/index.ts: imports ../client",
      "lib/secrets/keys.ts: imports next/headers",
      "lib/secrets/keys.ts: imports ../db/client",
      "lib/personas/resolve.ts: imports react",
      "app/page.tsx: imports @/lib/tools/execution/run",
      "components/form.tsx: imports @/lib/tools/testing",
    ]);
  });
});

describe("the browser-safe entry point lib/tools/client", () => {
  it("reaches no Node-only code", () => {
    const files = projectSources();
    expect(files.some((file) => file.path === TOOLS_CLIENT_ENTRY)).toBe(true);
    const found = nodeOnlyImports(files, TOOLS_CLIENT_ENTRY);
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
