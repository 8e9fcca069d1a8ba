/**
 * `npm run tools:check [-- --tool NAME]` (SPEC §7): runs every saved test case — or one tool's —
 * against the configured database (DATABASE_URL) and its upstreams, prints a table (tool, case,
 * result, first difference) and exits 1 when any case fails, so an installation can check its
 * tools on a schedule or in its own CI. Exit 2 means the command itself was misused (an unknown
 * option or tool). Every value printed comes from masked results: never a secret.
 *
 * Run with `--conditions=react-server` (the npm script does): the runtime modules are server-only.
 */
import { loadProjectEnv } from "./db/load-env";

loadProjectEnv();
const { runTestCases } = await import("../lib/playground");
const { loadCatalogTool } = await import("../lib/catalog");
const { listToolsWithTestCases } = await import("../lib/playground");
const { getDb } = await import("../lib/db/client");
const { printable } = await import("../lib/security/control-characters");

const USAGE = "Usage: npm run tools:check [-- --tool NAME]";
/** Whoever the audit trail names for these runs. */
const ACTOR = { id: null, email: "tools:check" } as const;
const DIFFERENCE_WIDTH = 140;

type Row = readonly [tool: string, testCase: string, result: string, difference: string];

class UsageError extends Error {}

/** The one tool named by `--tool NAME` / `--tool=NAME`, or null for all; anything else is a UsageError. */
function toolOption(args: readonly string[]): string | null {
  if (args.length === 0) return null;
  const [first, second] = args;
  if (args.length === 1 && first?.startsWith("--tool=")) return first.slice("--tool=".length) || fail("--tool needs a tool name");
  if (args.length === 2 && first === "--tool" && second && !second.startsWith("-")) return second;
  return fail(`Unknown arguments: ${args.join(" ")}`);
}

function fail(message: string): never {
  throw new UsageError(message);
}

function cut(text: string, width: number): string {
  const line = text.replace(/\s+/g, " ");
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

/**
 * Columns padded to their widest cell, a rule under the header. Cells are stored text (case names,
 * results): a control character in one is shown as an escape, never obeyed by the terminal.
 */
function table(stored: readonly Row[]): string {
  const header: Row = ["TOOL", "CASE", "RESULT", "FIRST DIFFERENCE"];
  const rows = stored.map((row) => row.map(printable) as unknown as Row);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column]!.length)));
  const line = (row: Row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join("  ").trimEnd();
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

/** Runs the cases of each tool in `toolNames`, one row per case (or per tool that could not run). */
async function check(toolNames: readonly string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const toolName of toolNames) {
    if (!(await loadCatalogTool(toolName))) {
      rows.push([toolName, "(all cases)", "ERROR", "the tool no longer exists or its definition no longer validates"]);
      continue;
    }
    for (const result of await runTestCases(toolName, ACTOR)) {
      const failed = result.results.find((entry) => !entry.passed);
      const difference = failed ? `${failed.label}: ${failed.difference ?? "failed"}` : "";
      rows.push([toolName, result.name, result.passed ? "pass" : "FAIL", cut(difference, DIFFERENCE_WIDTH)]);
    }
  }
  return rows;
}

async function main(): Promise<number> {
  const only = toolOption(process.argv.slice(2));
  if (only !== null && !(await loadCatalogTool(only))) fail(`Unknown tool: ${only}`);
  const toolNames = (await listToolsWithTestCases()).filter((name) => only === null || name === only);
  if (toolNames.length === 0) {
    console.log(only === null ? "No saved test cases." : `Tool ${only} has no saved test cases.`);
    return 0;
  }
  const rows = await check(toolNames);
  const failed = rows.filter((row) => row[2] !== "pass").length;
  console.log(table(rows));
  console.log(`\n${rows.length} checked: ${rows.length - failed} passed, ${failed} failed.`);
  return failed > 0 ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exitCode = 2;
  } else {
    // An unexpected failure (database unreachable, a bug): its message names no secret.
    console.error(`tools:check failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
} finally {
  await getDb().$disconnect();
}
