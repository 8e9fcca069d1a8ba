/**
 * The project's import boundaries as pure functions over a list of source files, so the test can
 * run them on the tree and on hand-written violations alike (architecture.test.ts). The rules:
 *
 * 1. Components never import `app/` or `lib/db`, nor reach (through any chain of value imports) a
 *    server-only module or the database layer; a "use server" actions file is where such a chain
 *    stops — the browser gets references to its actions, not its code.
 * 2. `lib/db` imports no domain; `lib/` imports nothing from `scripts/`.
 * 3. Outside its own folder a domain (`lib/catalog`, `lib/playground`, …) is reached through an
 *    entry: an `index.ts` — the domain's, or one of its folders' where a part stands apart (the
 *    `server/` part of a framework-free domain, the Next.js side of `operators/session`); its
 *    `actions.ts` from app/ and components; components may also read a domain's browser-safe
 *    files (rule 1 keeps them honest). Test code (tests, test-support, e2e, bench) may reach in.
 * 4. The framework-free cores — `lib/tools`, `lib/personas`, `lib/secrets`, `lib/credentials`
 *    outside their `server/` folders — import nothing from Next.js, React, Prisma, `lib/db` or a
 *    domain's server part.
 * 5. Inside `lib/tools` a folder reaches another only through that folder's index.ts, and outside it
 *    the library is reached through `lib/tools`, `lib/tools/client` or (test code) `lib/tools/testing`.
 * 6. Nothing reachable from `lib/tools/client.ts` imports Node-only code (client components bundle it).
 */
import { builtinModules } from "node:module";
import path from "node:path";

export interface SourceFile {
  /** Relative to the project root, with `/` separators. */
  readonly path: string;
  readonly source: string;
}

/** The domains under lib/: one folder each, holding its queries, rules, schemas and actions. */
export const DOMAINS = ["tools", "catalog", "personas", "credentials", "secrets", "playground", "imports", "agent-door", "usage", "operators", "audit", "setup"] as const;
const FRAMEWORK_FREE = new Set(["tools", "personas", "secrets", "credentials"]);
const FRAMEWORK_PACKAGE = /^(next|react|react-dom)(\/|$)|^@prisma\//;

const TOOLS = "lib/tools/";
const TOOLS_ENTRY = "lib/tools/index.ts";
const TOOLS_CLIENT_ENTRY = "lib/tools/client.ts";
const TOOLS_TESTING = "lib/tools/testing.ts";
const TOOLS_ENTRY_POINTS = new Set([TOOLS_ENTRY, TOOLS_CLIENT_ENTRY, TOOLS_TESTING]);

interface Import {
  readonly specifier: string;
  /** `import type …` / `export type …`: erased, so it bundles nothing. */
  readonly typeOnly: boolean;
}

/** Every `import … from`, `export … from`, bare `import "…"` and dynamic `import("…")`. */
export function importsOf(source: string): Import[] {
  const clause = String.raw`(type\s+)?(?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*(?:\s+as\s+[\w$]+)?|[\w$]+)`;
  const statements = new RegExp(String.raw`^\s*(?:import|export)\s+${clause}\s*from\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']`, "gm");
  const dynamic = /\bimport\(\s*["']([^"']+)["']\s*\)/g;
  return [
    ...[...source.matchAll(statements)].map((match) => ({ specifier: (match[2] ?? match[3]) as string, typeOnly: match[1] !== undefined })),
    ...[...source.matchAll(dynamic)].map((match) => ({ specifier: match[1] as string, typeOnly: false })),
  ];
}

/** The project file a specifier names (`@/` is the project root), or null for a package. */
export function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.js`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => known.has(candidate)) ?? base;
}

export function isTestCode(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || file.includes("/test-support/") || file === TOOLS_TESTING || file.startsWith("bench/") || file.startsWith("e2e/");
}

/** The domain a file belongs to, or null outside every domain. */
function domainOf(file: string): string | null {
  const folder = /^lib\/([^/]+)\//.exec(file)?.[1];
  return folder !== undefined && (DOMAINS as readonly string[]).includes(folder) ? folder : null;
}

const inServerPart = (file: string, domain: string) => file.startsWith(`lib/${domain}/server/`);
const under = (file: string, folder: string) => file === folder || file.startsWith(`${folder}/`);

/** The folder of `lib/tools` a file belongs to: `definition`, `execution`, … or "" for the root files. */
function toolsFolder(file: string): string {
  const parts = file.slice(TOOLS.length).split("/");
  return parts.length > 1 ? (parts[0] as string) : "";
}

function toolsProblem(file: string, target: string): string | null {
  if (!file.startsWith(TOOLS)) {
    if (target === TOOLS_ENTRY || target === TOOLS_CLIENT_ENTRY) return null;
    if (target === TOOLS_TESTING) return isTestCode(file) ? null : "lib/tools/testing is for tests, benchmarks and e2e only; import lib/tools";
    return "outside lib/tools, import the library's entry point lib/tools or lib/tools/client (or lib/tools/testing for test support)";
  }
  if (file === TOOLS_ENTRY && target === TOOLS_CLIENT_ENTRY) return null;
  if (TOOLS_ENTRY_POINTS.has(target)) return "inside lib/tools, import the file itself: the entry points import every folder (a cycle)";
  const folder = toolsFolder(target);
  if (folder === "" || folder === toolsFolder(file)) return null;
  if (target === `${TOOLS}${folder}/index.ts`) return null;
  if (target.startsWith(`${TOOLS}${folder}/test-support/`) && isTestCode(file)) return null;
  return `another folder of lib/tools is reached only through its index (import "${folder}" there)`;
}

const USE_CLIENT = /^\s*["']use client["']/;
/** A component, or a client component anywhere (app/ has a few beside their pages). */
const isComponent = (file: SourceFile) => !isTestCode(file.path) && (file.path.startsWith("components/") || USE_CLIENT.test(file.source));

/** Why reaching `target` of another domain from `file` breaks rule 3, or null. */
function domainEntryProblem(file: SourceFile, target: string, useServer: boolean): string | null {
  if (target.endsWith("/index.ts") || isTestCode(file.path) || isComponent(file)) return null;
  if (useServer && file.path.startsWith("app/")) return null;
  return "another domain is reached through an entry: an index.ts (the domain's, or one of its folders')";
}

/** Why one import breaks a rule, or null. `useServer`: the target is a "use server" file; `typeOnly`: an `import type`. */
export function boundaryProblem(source: SourceFile, specifier: string, target: string | null, { useServer = false, typeOnly = false } = {}): string | null {
  const file = source.path;
  const domain = domainOf(file);
  if (domain !== null && FRAMEWORK_FREE.has(domain) && !inServerPart(file, domain)) {
    const core = `lib/tools, lib/personas, lib/secrets and lib/credentials (outside server/) stay free of Next.js, React, Prisma and the database`;
    if (target === null && FRAMEWORK_PACKAGE.test(specifier)) return core;
    if (target !== null && (under(target, "lib/db") || /^lib\/[^/]+\/server\//.test(target))) return core;
  }
  if (target === null) return null;
  if (file.startsWith("components/")) {
    if (under(target, "app")) return "components never import app/: actions come from lib/<domain>/actions.ts, data as props";
    if (under(target, "lib/db")) return "components never import lib/db: pages read through a domain and hand plain data down";
  }
  // The tool library's types (JsonValue) are the one thing the plumbing shares with the domains.
  const toolTypes = typeOnly && target.startsWith(TOOLS);
  if (under(file, "lib/db") && !isTestCode(file) && domainOf(target) !== null && !toolTypes) return "lib/db holds only shared plumbing: it imports no domain";
  if (file.startsWith("lib/") && under(target, "scripts")) return "lib/ imports nothing from scripts/";
  if (target.startsWith(TOOLS)) return toolsProblem(file, target);
  const targetDomain = domainOf(target);
  if (targetDomain === null || targetDomain === domain) return null;
  return domainEntryProblem(source, target, useServer);
}

const USE_SERVER = /^\s*(?:\/\*[\s\S]*?\*\/\s*|\/\/[^\n]*\n\s*)*["']use server["']/;
const SERVER_ONLY = /^\s*import\s+["']server-only["']/m;

/** Every boundary crossing in `files`, as "file: imports X — why". */
export function importViolations(files: readonly SourceFile[]): string[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const known = new Set(byPath.keys());
  return files.flatMap((file) =>
    importsOf(file.source).flatMap(({ specifier, typeOnly }) => {
      const target = resolveImport(file.path, specifier, known);
      const useServer = target !== null && USE_SERVER.test(byPath.get(target)?.source ?? "");
      const problem = boundaryProblem(file, specifier, target, { useServer, typeOnly });
      return problem === null ? [] : [`${file.path}: imports ${specifier} — ${problem}`];
    }),
  );
}

/**
 * Every chain of value imports from `entry` to a module that `bad` flags, as
 * "a.ts → b.ts → server-only". "use server" files end a chain; type-only imports are skipped
 * unless `typeImports` is set.
 */
function chainsFrom(files: readonly SourceFile[], entry: string, bad: (specifier: string, target: string | null, source: string) => boolean, typeImports: boolean): string[] {
  const byPath = new Map(files.map((file) => [file.path, file]));
  const known = new Set(byPath.keys());
  const reached = new Set([entry]);
  const chains: string[][] = [[entry]];
  const found: string[] = [];
  for (let next = 0; next < chains.length; next++) {
    const chain = chains[next] as string[];
    const at = chain.at(-1) as string;
    for (const { specifier, typeOnly } of importsOf(byPath.get(at)?.source ?? "")) {
      if (typeOnly && !typeImports) continue;
      const target = resolveImport(at, specifier, known);
      const source = target === null ? "" : (byPath.get(target)?.source ?? "");
      if (bad(specifier, target, source)) found.push([...chain, target ?? specifier].join(" → "));
      else if (target !== null && known.has(target) && !reached.has(target) && !USE_SERVER.test(source)) {
        reached.add(target);
        chains.push([...chain, target]);
      }
    }
  }
  return found;
}

/** Builtins and packages that exist only on the server; a browser bundle cannot hold them. */
const NODE_ONLY: ReadonlySet<string> = new Set(["undici", "server-only", ...builtinModules]);
const isNodeOnly = (specifier: string) => specifier.startsWith("node:") || NODE_ONLY.has(specifier) || NODE_ONLY.has(specifier.split("/")[0] as string);

/** Rule 6: every import of Node-only code reachable from `entry`, type-only imports included (a type beside Node code is one edit from pulling it in). */
export function nodeOnlyImports(files: readonly SourceFile[], entry: string): string[] {
  return chainsFrom(files, entry, (specifier, target) => target === null && isNodeOnly(specifier), true);
}

/** Rule 1: every chain of value imports from a component to a server-only module or the database layer. */
export function serverOnlyReach(files: readonly SourceFile[]): string[] {
  const serverOnly = (specifier: string, target: string | null, source: string) =>
    specifier === "server-only" || (target !== null && (SERVER_ONLY.test(source) || under(target, "lib/db")));
  return files.filter(isComponent).flatMap((file) => chainsFrom(files, file.path, serverOnly, false));
}
