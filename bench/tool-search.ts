/**
 * Benchmark: search mode's quality and what it saves (issue 28). A persona of 300 realistic tools
 * across twenty domains and the labelled requests of lib/tools/search/test-support/search-corpus.ts
 * ("refund an order" → create_refund): prints top-1, top-3 and top-5 recall (target: top-5
 * ≥ 95%), every request whose tool is not in the top 5, the tokens the persona's tool
 * specifications cost per request listed in full and in search mode (OpenAI's o200k_base encoding,
 * gpt-tokenizer, over the specifications' JSON text as the runtime API serves them; target: ≥ 90%
 * fewer), and how long building the index and answering a search take. Exits 1 when a target is missed.
 *
 * Run: npm run bench:tool-search   (in memory, no network; stops by itself)
 */
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { buildToolIndex, META_TOOLS, PROVIDER_FORMATS, toProviderSpecs, type ProviderFormat, type ToolShape } from "../lib/tools";
import { LABELLED_REQUESTS, searchCorpusTools } from "../lib/tools/testing";

const TARGET_RECALL = 0.95;
const TARGET_SAVING = 0.9;
const TIMING_ROUNDS = 20;

const tools = searchCorpusTools();
const shapes: ToolShape[] = tools.map((tool) => ({ ...tool, sideEffect: !/^(get|list|search|track|check|calculate|validate|convert)_/.test(tool.name) }));

const buildStarted = performance.now();
const index = buildToolIndex(tools);
const buildMs = performance.now() - buildStarted;

const ranks = LABELLED_REQUESTS.map(([request, label]) => ({ request, label, rank: index.search(request, 5).findIndex((hit) => hit.name === label) }));
const recallAt = (k: number) => ranks.filter(({ rank }) => rank >= 0 && rank < k).length / ranks.length;
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

console.log(`${tools.length} tools, ${LABELLED_REQUESTS.length} labelled requests`);
console.log(`top-1 recall ${percent(recallAt(1))}, top-3 recall ${percent(recallAt(3))}, top-5 recall ${percent(recallAt(5))} (target ≥ ${percent(TARGET_RECALL)})`);
for (const { request, label } of ranks.filter(({ rank }) => rank < 0)) {
  console.log(`  not in the top 5: "${request}" → ${label}; found ${index.search(request, 5).map((hit) => hit.name).join(", ")}`);
}

const tokensOf = (format: ProviderFormat, list: readonly ToolShape[]) => countTokens(JSON.stringify(toProviderSpecs(list, format)));
let savedEnough = true;
for (const format of PROVIDER_FORMATS) {
  const full = tokensOf(format, shapes);
  const search = tokensOf(format, META_TOOLS);
  const saving = 1 - search / full;
  if (format === "openai") savedEnough = saving >= TARGET_SAVING;
  console.log(`${format}: full list ${full.toLocaleString("en")} tokens, search mode ${search.toLocaleString("en")} tokens: ${percent(saving)} fewer${format === "openai" ? ` (target ≥ ${percent(TARGET_SAVING)})` : ""}`);
}

const durations: number[] = [];
for (let round = 0; round < TIMING_ROUNDS; round += 1) {
  const started = performance.now();
  for (const [request] of LABELLED_REQUESTS) index.search(request, 5);
  durations.push((performance.now() - started) / LABELLED_REQUESTS.length);
}
durations.sort((a, b) => a - b);
console.log(`index built in ${buildMs.toFixed(1)} ms; a search takes ${(durations[Math.floor(durations.length / 2)]! * 1000).toFixed(0)} µs (median of ${TIMING_ROUNDS} rounds)`);

if (recallAt(5) < TARGET_RECALL || !savedEnough) {
  console.error("A target was missed.");
  process.exitCode = 1;
}
