/**
 * Test support: a strict reader of the Prometheus text exposition format (version 0.0.4). Every
 * line must be a `# HELP`, a `# TYPE` or a sample `name{label="value",…} number`; every sample's
 * metric must have been typed first (a histogram's `_bucket`, `_sum` and `_count` and a summary's
 * series belong to their family). Throws on the first line that is not the format.
 */
import { renderMetrics } from "../metrics";

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const LABEL = String.raw`[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\["\\n])*"`;
const SAMPLE = new RegExp(String.raw`^(${NAME})(?:\{((?:${LABEL})(?:,${LABEL})*,?)?\})? (-?(?:\d+(?:\.\d+)?(?:e[+-]?\d+)?|Inf|\+Inf|NaN))(?: -?\d+)?$`, "i");
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);
const FAMILY_SUFFIXES = ["_bucket", "_sum", "_count", "_total", "_created", "_info"];

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export function parsePrometheusText(text: string): { readonly types: ReadonlyMap<string, string>; readonly samples: readonly Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  text.split("\n").forEach((line, index) => {
    const where = `line ${index + 1} ("${line}")`;
    if (line === "") return;
    if (line.startsWith("# HELP ")) {
      if (!new RegExp(`^# HELP ${NAME} `).test(line)) throw new Error(`Malformed HELP at ${where}`);
      return;
    }
    if (line.startsWith("# TYPE ")) {
      const [, , name, type] = line.split(" ");
      if (!name || !type || !TYPES.has(type) || !new RegExp(`^${NAME}$`).test(name)) throw new Error(`Malformed TYPE at ${where}`);
      types.set(name, type);
      return;
    }
    if (line.startsWith("#")) return;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`Not a sample at ${where}`);
    const name = match[1]!;
    const family = types.has(name) ? name : FAMILY_SUFFIXES.map((suffix) => (name.endsWith(suffix) ? name.slice(0, -suffix.length) : null)).find((base) => base !== null && types.has(base));
    if (family === undefined || family === null) throw new Error(`Sample of an untyped metric at ${where}`);
    const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1]!, pair[2]!]));
    samples.push({ name, labels, value: Number(match[3]!.replace(/^\+?Inf$/i, "Infinity")) });
  });
  return { types, samples };
}

/** The value of the sample `name` whose labels include `labels` (0 when there is none yet). */
export function sampleValue(samples: readonly Sample[], name: string, labels: Readonly<Record<string, string>> = {}): number {
  const found = samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  return found?.value ?? 0;
}

/** This process's metrics now, parsed (what a scrape of /api/v1/metrics would read). */
export async function scrapeProcessMetrics(): Promise<readonly Sample[]> {
  return parsePrometheusText((await renderMetrics()).text).samples;
}
