/**
 * Google Gemini function declarations: `{name, description, parameters?}`, sent as
 * `tools: [{functionDeclarations: [...]}]`. `parameters` is a subset of the OpenAPI 3.0 schema
 * object, and the API answers anything outside it with "Invalid JSON payload received. Unknown
 * name …", so the declaration keeps only keywords Gemini documents and says what it removed.
 * Two removals keep their meaning by moving into the description, where the model still reads
 * them: `default` and an enum on a non-string type (Gemini enums are strings only).
 * `parametersJsonSchema` (full JSON Schema, newer models only) is not used: `parameters` works
 * with every Gemini model.
 */
import { childPath } from "../definition";
import { isSchemaObject, propertiesOf, schemasIn, type SchemaObject } from "./schema-walk";
import type { CompatibilityFinding, ToolShape } from "./types";

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

interface Rebuilt {
  readonly schema: Record<string, unknown>;
  readonly changes: CompatibilityFinding[];
}

function changed(path: string, message: string): CompatibilityFinding {
  return { provider: "gemini", severity: "changed", path, message };
}

/** `schema` rebuilt with only what Gemini accepts; each removal is recorded with its path. */
function rebuild(schema: SchemaObject, path: string, changes: CompatibilityFinding[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const moved: string[] = [];
  for (const [keyword, value] of Object.entries(schema)) {
    const at = childPath(path, keyword);
    if (keyword === "properties" && isSchemaObject(value)) {
      out.properties = Object.fromEntries(
        propertiesOf(schema).map(([name, property]) => [name, rebuild(property, childPath(at, name), changes)]),
      );
    } else if (keyword === "items" && isSchemaObject(value)) {
      out.items = rebuild(value, at, changes);
    } else if (keyword === "default") {
      moved.push(`Default: ${JSON.stringify(value)}.`);
      changes.push(changed(at, "Gemini refuses default; it is stated in the description instead."));
    } else if (keyword === "enum" && schema.type !== "string") {
      moved.push(`One of: ${(Array.isArray(value) ? value : []).map((item) => JSON.stringify(item)).join(", ")}.`);
      changes.push(changed(at, `Gemini enums hold strings only; the allowed ${String(schema.type)} values are stated in the description instead.`));
    } else if (keyword === "format" && !KEPT_FORMATS[String(schema.type)]?.has(String(value))) {
      changes.push(changed(at, `Gemini refuses format "${String(value)}" on a ${String(schema.type)}; removed.`));
    } else if (KEPT_KEYWORDS.has(keyword)) {
      out[keyword] = structuredClone(value);
    } else {
      changes.push(changed(at, `Gemini does not accept ${keyword}; removed.`));
    }
  }
  if (moved.length > 0) {
    out.description = [typeof schema.description === "string" ? schema.description : "", ...moved].filter(Boolean).join(" ");
  }
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

/** The tool as a Gemini function declaration, reduced to the schema subset Gemini accepts. */
export function geminiDeclaration(tool: ToolShape): GeminiFunctionDeclaration {
  return build(tool).declaration;
}

/** What {@link geminiDeclaration} changes, and what Gemini refuses even after those changes. */
export function geminiFindings(tool: ToolShape): CompatibilityFinding[] {
  const findings: CompatibilityFinding[] = [];
  const refuse = (path: string, message: string) => findings.push({ provider: "gemini", severity: "refused", path, message });

  if (!GEMINI_NAME.test(tool.name)) {
    refuse("name", "Gemini function names start with a letter or _, then letters, digits, _ . : or -, at most 64 characters.");
  }
  const { declaration, changes } = build(tool);
  // Leaving out the parameters of a tool that takes none loses nothing, so it is not a remark.
  if (!declaration.parameters) return findings;
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
  return [...findings, ...changes.filter((change) => !refused.some((prefix) => change.path.startsWith(prefix)))];
}
