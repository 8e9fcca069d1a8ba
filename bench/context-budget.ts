/**
 * How long a persona's context budget takes to compute (issue 28) for 50, 500 and 5,000 realistic
 * tools: each one's specifications in every format counted (o200k_base),
 * the reasons and the top ten — what `GET …/budget`, the persona page and the matrix pay once per
 * stored state (the door caches the budget with its lists). The first run counts every tool; the
 * later ones find each tool's count already known (as for a second persona sharing the tools).
 * In memory and reproducible. Prints both and what the lists cost.
 * Run: npm run bench:context-budget
 */
import { performance } from "node:perf_hooks";
import { contextBudget, PROVIDER_FORMATS, toProviderSpecs, type JsonSchema, type ObjectSchema, type SpecLists, type ToolShape } from "../lib/tools";

const SIZES = [50, 500, 5000];
const RUNS = 5;

/** A tool like an imported API's: a sentence or two of description, a handful of parameters, now and then an enum or a nested object. */
function realisticTool(prefix: string, index: number): ToolShape {
  const properties: Record<string, JsonSchema> = {
    id: { type: "string", description: "The identifier of the record to act on." },
    limit: { type: "integer", description: "How many results to return at most.", minimum: 1, maximum: 100 },
  };
  if (index % 3 === 0) properties.status = { type: "string", description: "Only records in this state.", enum: ["open", "pending", "closed", "archived", "deleted"] };
  if (index % 5 === 0) properties.address = { type: "object", properties: { street: { type: "string" }, city: { type: "string" }, country: { type: "string", description: "ISO 3166 code." } } };
  return {
    name: `${prefix}_operation_${index}`,
    description: `Performs operation ${index} on the service's records. Use it when the user asks to find, change or review them.`,
    parameters: { type: "object", properties, required: ["id"] } as ObjectSchema,
    sideEffect: index % 4 === 0,
    origin: "data",
    method: index % 4 === 0 ? "POST" : "GET",
  };
}

for (const size of SIZES) {
  const tools = Array.from({ length: size }, (_, index) => realisticTool(`size${size}`, index));
  const lists = Object.fromEntries(PROVIDER_FORMATS.map((format) => [format, toProviderSpecs(tools, format)])) as unknown as SpecLists;
  const timings: number[] = [];
  const started = performance.now();
  let budget = contextBudget(lists);
  const first = performance.now() - started;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    budget = contextBudget(lists);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const figures = PROVIDER_FORMATS.map((format) => `${format} ${budget.providers[format].tokens}`).join(", ");
  console.log(`context budget, ${size} tools: first ${first.toFixed(0)} ms; tools known: median ${timings[Math.floor(RUNS / 2)]!.toFixed(0)} ms (${RUNS} runs); tokens ${figures}`);
}
