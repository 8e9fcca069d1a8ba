/**
 * How long building the tools × personas matrix takes for 500 tools × 30 personas (issue 11):
 * the data the matrix page renders. In memory and reproducible — a tree of 30 personas (3 roots,
 * each with children and grandchildren), list grants, "all" and inherited ones, disabled lists —
 * so the number measures resolution, not the database. Prints the median of several runs.
 * Run: npm run bench:persona-matrix
 */
import { performance } from "node:perf_hooks";
import { buildPersonaMatrix, type MatrixPersona, type MatrixTool } from "../lib/personas/matrix";

const TOOLS = 500;
const PERSONAS = 30;
const RUNS = 15;

const tools: MatrixTool[] = Array.from({ length: TOOLS }, (_, index) => ({ name: `tool_${index}`, group: `group_${index % 20}` }));

const personas: MatrixPersona[] = Array.from({ length: PERSONAS }, (_, index) => {
  const parentSlug = index < 3 ? null : `persona-${Math.floor((index - 3) / 3)}`;
  const grant: MatrixPersona["grant"] =
    index % 4 === 0 ? { kind: "tools", names: tools.filter((_, tool) => tool % (index + 2) !== 0).map((tool) => tool.name) } : index % 4 === 1 ? { kind: "all" } : { kind: "inherit" };
  return {
    slug: `persona-${index}`,
    name: `Persona ${index}`,
    parentSlug,
    grant,
    disabled: tools.filter((_, tool) => tool % (17 + index) === 0).map((tool) => tool.name),
  };
});

const timings: number[] = [];
let cells = 0;
for (let run = 0; run < RUNS; run += 1) {
  const started = performance.now();
  const matrix = buildPersonaMatrix(personas, tools);
  timings.push(performance.now() - started);
  cells = matrix.rows.length * matrix.personas.length;
}
timings.sort((a, b) => a - b);
console.log(`persona matrix: ${TOOLS} tools × ${PERSONAS} personas = ${cells} cells`);
console.log(`build time: median ${timings[Math.floor(RUNS / 2)]!.toFixed(1)} ms, fastest ${timings[0]!.toFixed(1)} ms, slowest ${timings.at(-1)!.toFixed(1)} ms (${RUNS} runs)`);
