/**
 * Search mode's index (issue 28): a persona's tools, searchable by what an agent wants to do.
 * Full text over four fields — the name split into words (`create_refund` → "create refund"),
 * the description, the parameters (names split the same way, and their descriptions) and the
 * tags and group — ranked by MiniSearch's BM25+, the name weighing most. Terms are lower-cased,
 * stripped of a few English endings (so "refunds", "refunded" and "refunding" meet "refund") and
 * of words that say nothing about a tool ("a", "the", "please"); a term of five letters or more
 * also matches one edit away (a typo), and the last word typed also matches as a prefix.
 *
 * The index is built once per set of tools (the door builds one per persona and snapshot, so it
 * changes only when the stored state does) and answers in memory.
 */
import MiniSearch from "minisearch";
import type { ObjectSchema } from "../types";

/** What the index reads of a tool. */
export interface IndexableTool {
  readonly name: string;
  readonly description: string;
  readonly parameters: ObjectSchema;
  readonly tags?: readonly string[];
  readonly group?: string | null;
}

/** One search hit: the tool's name and the first line of its description. */
export interface ToolSearchHit {
  readonly name: string;
  readonly description: string;
}

export interface ToolIndex {
  /** How many tools the index holds. */
  readonly size: number;
  /** The best `limit` tools for `query`, best first; none for a query without a searchable word. */
  search(query: string, limit: number): ToolSearchHit[];
}

const STOP_WORDS = new Set(
  ("a an and are as at be by can could do does for from get give has have how i in into is it its me my need of on or our " +
    "please should so some that the their them then there this to up us want we what when which who will with would you your").split(" "),
);

/** Endings stripped from a word, longest first; what is left must keep at least three letters. */
const SUFFIXES: readonly [string, string][] = [
  ["ations", "ate"], ["ation", "ate"], ["ings", ""], ["ing", ""], ["ies", "y"], ["ied", "y"], ["ed", ""], ["es", ""], ["s", ""],
];

/** A word reduced to its stem: lower-cased, one English ending stripped, a doubled final consonant undone ("shipped" → "ship"). */
export function stem(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length <= 3 || /\d/.test(lower) || /(?:ss|us|is)$/.test(lower)) return lower;
  for (const [suffix, replacement] of SUFFIXES) {
    if (!lower.endsWith(suffix)) continue;
    const base = lower.slice(0, -suffix.length) + replacement;
    if (base.length < 3) continue;
    // "es" only after s, x, z, ch, sh ("boxes", "searches"); elsewhere only the "s" goes ("invoices" → "invoice").
    if (suffix === "es" && !/(?:s|x|z|ch|sh)$/.test(base)) return lower.slice(0, -1);
    return /([b-df-hj-np-tv-z])\1$/.test(base) && !/(?:ll|ss|zz)$/.test(base) ? base.slice(0, -1) : base;
  }
  return lower;
}

/** Words of a text: runs of letters and digits, snake_case, kebab-case and camelCase split apart (a hyphenated word also joined: "to-do" → "todo"). */
function words(text: string): string[] {
  return text
    .replace(/\b([A-Za-z]+)-([A-Za-z]+)\b/g, "$1-$2 $1$2")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "");
}

/** A term as the index keeps it: null for a stop word. */
function term(word: string): string | null {
  const lower = word.toLowerCase();
  return STOP_WORDS.has(lower) ? null : stem(lower);
}

/** The first line (sentence) of a description, for a search hit: at most 160 characters. */
export function oneLine(description: string): string {
  const first = description.trim().split(/\n|(?<=[.!?])\s/)[0] ?? "";
  return first.length <= 160 ? first : `${first.slice(0, 159)}…`;
}

/** A parameters schema as text: each property's name and description, nested properties included. */
function parameterText(schema: Readonly<Record<string, unknown>>): string {
  const parts: string[] = [];
  const properties = schema.properties as Readonly<Record<string, Readonly<Record<string, unknown>>>> | undefined;
  for (const [name, property] of Object.entries(properties ?? {})) {
    parts.push(name);
    if (typeof property.description === "string") parts.push(property.description);
    parts.push(parameterText(property));
    const items = property.items as Readonly<Record<string, unknown>> | undefined;
    if (items) parts.push(parameterText(items));
  }
  return parts.join(" ");
}

/**
 * The words people use for the verbs tool names start with (`list_orders`: "show me the orders").
 * API names use a small, conventional set of verbs; a request rarely does, so each name's verb
 * brings its everyday words along (a separate field, weighing less than the name itself).
 */
const VERB_WORDS: Readonly<Record<string, string>> = {
  list: "show all which browse recent overview",
  get: "show look up fetch details what find",
  search: "find look for called named",
  create: "add new make open register start schedule book",
  add: "new put include",
  update: "change edit modify set correct",
  delete: "remove erase drop",
  send: "email deliver notify",
  cancel: "stop call off",
  schedule: "later plan tomorrow at",
  assign: "give hand to owner",
  approve: "accept okay",
  complete: "done finish",
  close: "solve resolve done",
  archive: "finished put away",
  track: "where status",
};

interface Document {
  readonly id: number;
  readonly name: string;
  readonly label: string;
  readonly verbs: string;
  readonly description: string;
  readonly parameters: string;
  readonly tags: string;
}

const FIELDS = ["label", "verbs", "description", "parameters", "tags"] as const;
/** How much a match in each field weighs: a tool's name says most about what it does. */
const BOOST = { label: 3, tags: 1.5, description: 1, verbs: 0.75, parameters: 0.5 } as const;

/** Builds the index of `tools` (names must be unique, as a persona's are). */
export function buildToolIndex(tools: readonly IndexableTool[]): ToolIndex {
  const documents: Document[] = tools.map((tool, id) => ({
    id,
    name: tool.name,
    label: words(tool.name).join(" "),
    verbs: VERB_WORDS[words(tool.name)[0]?.toLowerCase() ?? ""] ?? "",
    description: tool.description,
    parameters: parameterText(tool.parameters),
    tags: [...(tool.tags ?? []), ...(tool.group ? [tool.group] : [])].join(" "),
  }));
  const engine = new MiniSearch<Document>({
    fields: [...FIELDS],
    tokenize: words,
    processTerm: term,
    searchOptions: { boost: BOOST, combineWith: "OR" },
  });
  engine.addAll(documents);
  return {
    size: documents.length,
    search(query, limit) {
      const hits = engine.search(words(query).join(" "), {
        fuzzy: (queryTerm) => (queryTerm.length >= 5 ? 1 : 0),
        prefix: (queryTerm, index, terms) => index === terms.length - 1 && queryTerm.length >= 3,
        weights: { fuzzy: 0.3, prefix: 0.5 },
      });
      return hits.slice(0, Math.max(0, limit)).map((hit) => {
        const document = documents[hit.id as number]!;
        return { name: document.name, description: oneLine(document.description) };
      });
    },
  };
}
