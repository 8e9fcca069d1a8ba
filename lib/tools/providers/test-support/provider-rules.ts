/**
 * Each provider's published rules for a tool definition (docs/providers.md lists the sources),
 * written down independently of the code that builds the specifications: a checker per provider
 * that names every rule a specification breaks. The tests run every generated variant through
 * them, and a table per provider proves each rule is caught.
 */
import { isSchemaObject, propertiesOf, schemasIn, type SchemaObject } from "../schema-walk";
import type { AnthropicToolSpec, GeminiFunctionDeclaration, OpenAIToolSpec } from "../provider-specs";

const SCALAR_TYPES = ["string", "number", "integer", "boolean"];
const ALL_TYPES = [...SCALAR_TYPES, "object", "array"];
const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The type of a strict schema: one type, or one type and "null". */
function typeProblem(type: unknown): string | null {
  if (typeof type === "string") return ALL_TYPES.includes(type) ? null : `type ${type}`;
  if (Array.isArray(type) && type.length === 2 && type[1] === "null" && ALL_TYPES.includes(String(type[0]))) return null;
  return `type ${JSON.stringify(type)}`;
}
const baseType = (type: unknown) => (Array.isArray(type) ? type[0] : type);

/** Levels of nested objects, the root being 1. */
function objectDepth(schema: SchemaObject): number {
  const below = [...propertiesOf(schema).map(([, child]) => child), ...(isSchemaObject(schema.items) ? [schema.items] : [])];
  const own = baseType(schema.type) === "object" ? 1 : 0;
  return own + Math.max(0, ...below.map(objectDepth));
}

/** Rules every strict dialect shares: closed objects, one items schema, known types. */
function closedObjectViolations(schema: SchemaObject, rules: string[]): void {
  for (const { schema: node, path } of schemasIn(schema)) {
    const problem = typeProblem(node.type);
    if (problem) rules.push(`${path}: ${problem}`);
    if (baseType(node.type) === "object" && node.additionalProperties !== false) rules.push(`${path}: additionalProperties must be false`);
    if (baseType(node.type) === "array" && !isSchemaObject(node.items)) rules.push(`${path}: items must be one schema`);
  }
}

const OPENAI_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  any: ["type", "description", "title", "enum", "const"],
  string: ["pattern", "format"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  integer: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  array: ["items", "minItems", "maxItems"],
  object: ["properties", "required", "additionalProperties"],
  boolean: [],
};
const OPENAI_FORMATS = ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"];

/** What OpenAI's Structured Outputs rules refuse in a `strict: true` function tool ("Supported schemas"). */
export function openaiStrictViolations(spec: OpenAIToolSpec): string[] {
  const rules: string[] = [];
  const { name, description, parameters, strict } = spec.function;
  if (strict !== true) rules.push("strict must be true");
  if (!NAME.test(name)) rules.push("name");
  if (description.length > 1024) rules.push("description over 1,024 characters");
  if (parameters.type !== "object") rules.push("the root must be an object");
  closedObjectViolations(parameters, rules);
  let properties = 0;
  let enumValues = 0;
  let characters = 0;
  for (const { schema: node, path } of schemasIn(parameters)) {
    const type = String(baseType(node.type));
    const allowed = new Set([...OPENAI_KEYWORDS.any!, ...(OPENAI_KEYWORDS[type] ?? [])]);
    for (const keyword of Object.keys(node)) if (!allowed.has(keyword)) rules.push(`${path}: ${keyword} is not supported`);
    if (type === "string" && node.format !== undefined && !OPENAI_FORMATS.includes(String(node.format))) rules.push(`${path}: format ${String(node.format)}`);
    const names = propertiesOf(node).map(([key]) => key);
    const required = Array.isArray(node.required) ? node.required : [];
    if (type === "object" && (required.length !== names.length || names.some((key) => !required.includes(key)))) rules.push(`${path}: every property must be required`);
    properties += names.length;
    characters += names.join("").length;
    const values = Array.isArray(node.enum) ? node.enum : [];
    enumValues += values.length;
    const enumCharacters = values.filter((value) => typeof value === "string").join("").length;
    characters += enumCharacters + (typeof node.const === "string" ? node.const.length : 0);
    if (values.length > 250 && enumCharacters > 15_000) rules.push(`${path}: a large enum over 15,000 characters`);
  }
  if (objectDepth(parameters) > 10) rules.push("more than 10 levels of nested objects");
  if (properties > 5000) rules.push("more than 5,000 properties");
  if (enumValues > 1000) rules.push("more than 1,000 enum values");
  if (characters > 120_000) rules.push("more than 120,000 characters of names and values");
  return rules;
}

/** What OpenAI refuses in a function tool sent with `strict: false`. */
export function openaiPlainViolations(spec: OpenAIToolSpec): string[] {
  const rules: string[] = [];
  if (spec.function.strict !== false) rules.push("strict must be false");
  if (spec.function.parameters.type !== "object") rules.push("the root must be an object");
  for (const { schema: node, path } of schemasIn(spec.function.parameters)) {
    if (node.type === "array" && node.items === undefined) rules.push(`${path}: an array needs items`);
  }
  return rules;
}

const ANTHROPIC_UNSUPPORTED = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "maxItems", "uniqueItems", "minProperties", "maxProperties"];
const ANTHROPIC_FORMATS = ["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"];

/** What Anthropic's strict tool use refuses in one `strict: true` tool (its "JSON Schema limitations"). */
export function anthropicStrictViolations(spec: AnthropicToolSpec): string[] {
  const rules: string[] = [];
  if (spec.strict !== true) rules.push("strict must be true");
  if (!NAME.test(spec.name)) rules.push("name");
  closedObjectViolations(spec.input_schema, rules);
  for (const { schema: node, path } of schemasIn(spec.input_schema)) {
    for (const keyword of ANTHROPIC_UNSUPPORTED) if (keyword in node) rules.push(`${path}: ${keyword} is not supported`);
    if ("minItems" in node && node.minItems !== 0 && node.minItems !== 1) rules.push(`${path}: minItems other than 0 or 1`);
    if (typeof node.pattern === "string" && /\(\?<?[=!]|\\[1-9]|\\k<|\\[bB]/.test(node.pattern)) rules.push(`${path}: pattern with lookaround, backreference or \\b`);
    if (node.format !== undefined && !ANTHROPIC_FORMATS.includes(String(node.format))) rules.push(`${path}: format ${String(node.format)}`);
    if (Array.isArray(node.enum) && node.enum.some((value) => typeof value === "object" && value !== null)) rules.push(`${path}: complex enum values`);
  }
  return rules;
}

/** What one Anthropic request refuses across its strict tools: at most 20, with 24 optional parameters in all. */
export function anthropicRequestViolations(specs: readonly AnthropicToolSpec[]): string[] {
  const strict = specs.filter((spec) => spec.strict === true);
  const optional = strict.reduce((sum, spec) => {
    let count = 0;
    for (const { schema: node } of schemasIn(spec.input_schema)) {
      const required = Array.isArray(node.required) ? node.required : [];
      count += propertiesOf(node).filter(([key]) => !required.includes(key)).length;
    }
    return sum + count;
  }, 0);
  return [...(strict.length > 20 ? ["more than 20 strict tools"] : []), ...(optional > 24 ? ["more than 24 optional parameters"] : [])];
}

const GEMINI_FIELDS = new Set([
  "type", "format", "title", "description", "nullable", "enum", "required", "minItems", "maxItems", "minProperties", "maxProperties",
  "minLength", "maxLength", "pattern", "minimum", "maximum", "example", "propertyOrdering", "default", "properties", "items", "anyOf",
]);
const GEMINI_FORMATS: Readonly<Record<string, readonly string[]>> = { string: ["enum", "date-time"], number: ["float", "double"], integer: ["int32", "int64"] };

/** What the Gemini Developer API refuses in a function declaration (its `Schema` reference and reported failures). */
export function geminiViolations(declaration: GeminiFunctionDeclaration): string[] {
  const rules: string[] = [];
  if (!/^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/.test(declaration.name)) rules.push("name");
  if (!declaration.parameters) return rules;
  for (const { schema: node, path } of schemasIn(declaration.parameters)) {
    for (const keyword of Object.keys(node)) if (!GEMINI_FIELDS.has(keyword)) rules.push(`${path}: unknown field ${keyword}`);
    if (typeof node.type !== "string") rules.push(`${path}: type must be one string`);
    if (node.format !== undefined && !(GEMINI_FORMATS[String(node.type)] ?? []).includes(String(node.format))) rules.push(`${path}: format ${String(node.format)}`);
    if (node.enum !== undefined && node.type !== "string") rules.push(`${path}: enum on a ${String(node.type)}`);
    if (node.type === "object" && propertiesOf(node).length === 0) rules.push(`${path}: an object without properties`);
  }
  return rules;
}
