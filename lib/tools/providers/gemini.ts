/**
 * Google Gemini function declarations: `{name, description, parameters?}`, sent as
 * `tools: [{functionDeclarations: [...]}]`. `parameters` is a subset of the OpenAPI 3.0 schema
 * object, and the API answers anything outside it with "Invalid JSON payload received. Unknown
 * name …", so the declaration keeps only the fields Gemini's `Schema` documents (checked 2026-12:
 * type, format, title, description, nullable, enum, required, min/maxItems, min/maxProperties,
 * min/maxLength, pattern, minimum, maximum, example, propertyOrdering, default, properties, items)
 * and says what it changed. What a model still needs is rewritten rather than dropped:
 * - `const` on a string becomes a one-value `enum` (the same constraint, in Gemini's words);
 * - an enum on a non-string type (Gemini enums are strings), `const` on other types,
 *   `exclusiveMinimum`/`exclusiveMaximum`, `multipleOf`, `uniqueItems`, `examples` and a `format`
 *   the Developer API refuses (it takes only `enum` and `date-time` on strings, float/double,
 *   int32/int64) move into the description as a sentence (keyword-notes.ts);
 * - `default` also moves there: Gemini accepts the field but ignores it, so only the sentence
 *   reaches the model;
 * - `additionalProperties`, `$schema`, `$comment` and other authoring notes are removed.
 * `parametersJsonSchema` (full JSON Schema, newer models only) is not used: `parameters` works
 * with every Gemini model.
 */
import { childPath } from "../definition";
import { keywordSentence, withSentences } from "./keyword-notes";
import { isSchemaObject, propertiesOf, schemasIn, type SchemaObject } from "./schema-walk";
import { variantOf, type CompatibilityFinding, type ToolShape, type ToolVariant } from "./types";

export interface GeminiFunctionDeclaration {
  readonly name: string;
  readonly description: string;
  /** Absent for a tool without parameters: Gemini refuses an object with empty properties. */
  readonly parameters?: Readonly<Record<string, unknown>>;
}

/** Gemini's function name rule: a letter or _ first, then letters, digits, _ . : or -, up to 64. */
export const GEMINI_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;
/** Top-level parameter names: a letter or _ first, then letters, digits or _, up to 64. */
const GEMINI_PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** The Schema fields Gemini documents (besides `properties` and `items`, rebuilt recursively). */
const KEPT_KEYWORDS = new Set([
  "type", "format", "title", "description", "nullable", "enum", "required", "minItems", "maxItems",
  "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "minimum", "maximum",
  "example", "propertyOrdering",
]);
/** The Gemini Developer API refuses any other `format`. */
const KEPT_FORMATS: Readonly<Record<string, ReadonlySet<string>>> = {
  string: new Set(["enum", "date-time"]),
  number: new Set(["float", "double"]),
  integer: new Set(["int32", "int64"]),
};

function changed(path: string, message: string): CompatibilityFinding {
  return { provider: "gemini", severity: "changed", path, message };
}

/** What the description says of a removed keyword, and the remark for it. */
function moved(keyword: string, value: unknown, at: string, sentences: string[], changes: CompatibilityFinding[], why: string): void {
  const sentence = keywordSentence(keyword, value);
  if (sentence !== null) sentences.push(sentence);
  changes.push(changed(at, `${why}; ${sentence === null ? "removed" : "it is stated in the description instead"}.`));
}

/** `schema` rebuilt with only what Gemini accepts; each change is recorded with its path. */
function rebuild(schema: SchemaObject, path: string, changes: CompatibilityFinding[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const sentences: string[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    const at = childPath(path, keyword);
    // Its place is kept; its text is set below, with the moved keywords' sentences.
    if (keyword === "description") out.description = value;
    else if (keyword === "properties" && isSchemaObject(value)) {
      out.properties = Object.fromEntries(
        propertiesOf(schema).map(([name, property]) => [name, rebuild(property, childPath(at, name), changes)]),
      );
    } else if (keyword === "items" && isSchemaObject(value)) {
      out.items = rebuild(value, at, changes);
    } else if (keyword === "const" && schema.type === "string" && typeof value === "string" && schema.enum === undefined) {
      out.enum = [value];
      changes.push(changed(at, "Gemini does not take const; it is sent as a one-value enum."));
    } else if (keyword === "default") {
      moved(keyword, value, at, sentences, changes, "Gemini ignores default");
    } else if (keyword === "enum" && schema.type !== "string") {
      moved(keyword, value, at, sentences, changes, `Gemini enums hold strings only, so the allowed ${String(schema.type)} values cannot be one`);
    } else if (keyword === "format" && !KEPT_FORMATS[String(schema.type)]?.has(String(value))) {
      moved(keyword, value, at, sentences, changes, `Gemini refuses format "${String(value)}" on a ${String(schema.type)}`);
    } else if (KEPT_KEYWORDS.has(keyword)) {
      out[keyword] = structuredClone(value);
    } else {
      moved(keyword, value, at, sentences, changes, `Gemini does not take ${keyword}`);
    }
  }
  const description = withSentences(schema, sentences);
  if (description === undefined) delete out.description;
  else out.description = description;
  return out;
}

function build(tool: ToolShape): { declaration: GeminiFunctionDeclaration; changes: CompatibilityFinding[] } {
  const changes: CompatibilityFinding[] = [];
  if (propertiesOf(tool.parameters).length === 0) {
    return { declaration: { name: tool.name, description: tool.description }, changes };
  }
  const parameters = rebuild(tool.parameters, "parameters", changes);
  return { declaration: { name: tool.name, description: tool.description, parameters }, changes };
}

/**
 * The tool as a Gemini function declaration, reduced to the schema subset Gemini accepts: what it
 * changes, and what Gemini refuses even after those changes.
 */
export function geminiVariant(tool: ToolShape): ToolVariant<GeminiFunctionDeclaration> {
  const findings: CompatibilityFinding[] = [];
  const refuse = (path: string, message: string) => findings.push({ provider: "gemini", severity: "refused", path, message });

  if (!GEMINI_NAME.test(tool.name)) {
    refuse("name", "Gemini function names start with a letter or _, then letters, digits, _ . : or -, at most 64 characters.");
  }
  const { declaration, changes } = build(tool);
  // Leaving out the parameters of a tool that takes none loses nothing, so it is not a remark.
  if (!declaration.parameters) return variantOf(declaration, findings, false, "Sent as written (a tool without parameters goes without a parameters field).");
  for (const [name] of propertiesOf(declaration.parameters)) {
    if (!GEMINI_PARAMETER_NAME.test(name)) {
      refuse(childPath("parameters.properties", name), "Gemini parameter names start with a letter or _, then letters, digits or _, at most 64 characters.");
    }
  }
  // Checked on what is sent, so a sub-schema Gemini never sees (additionalProperties) cannot be refused.
  for (const { schema, path } of schemasIn(declaration.parameters)) {
    if (schema.type === "object" && propertiesOf(schema).length === 0) {
      refuse(path, "Gemini refuses an object parameter without declared properties: declare them.");
    }
    if (schema.type === "array" && !isSchemaObject(schema.items)) refuse(path, "Gemini needs an array's items as one schema.");
  }
  // What Gemini would remove inside a part it refuses anyway is no separate remark: that part needs fixing.
  const refused = findings.map((finding) => `${finding.path}.`);
  const kept = changes.filter((change) => !refused.some((prefix) => change.path.startsWith(prefix)));
  const reason = kept.length === 0 ? "Sent as written." : `Sent in Gemini's schema subset; ${kept.length === 1 ? "1 keyword is" : `${kept.length} keywords are`} rewritten (details).`;
  return variantOf(declaration, [...findings, ...kept], false, reason);
}
