/**
 * fast-check generators of tool definition documents, for property tests here and in the parts
 * that consume definitions (executor, provider specifications). `validDocument` only produces
 * documents `parseToolDefinition` accepts; `definitionShaped` produces anything shaped roughly
 * like one, valid or not.
 */
import fc from "fast-check";
import { CONTEXT_FIELDS } from "../../placeholders";
import { HTTP_METHODS } from "../../types";

const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/);
const path = fc.array(fc.stringMatching(/^[a-z0-9_]{1,6}$/), { minLength: 1, maxLength: 4 }).map((segments) => segments.join("."));
const headerName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,12}$/);
/**
 * Printable ASCII with no braces, so it never forms (or breaks) a placeholder by accident and is
 * always a sendable header value.
 */
const text = fc.string({ unit: "grapheme-ascii", maxLength: 20 }).map((value) => value.replace(/[{}]/g, ""));
const nonBlank = text.filter((value) => value.trim() !== "");
const contextReference = fc.constantFrom(...CONTEXT_FIELDS).map((field) => `ctx.${field}`);
/** JSON without `{{`, so strings in it are never placeholders. */
const plainJson = fc.jsonValue({ maxDepth: 3 }).filter((value) => !JSON.stringify(value).includes("{{"));

const scalarType = fc.constantFrom("string", "number", "integer", "boolean");
const leafSchema = fc.oneof(
  scalarType.map((type) => ({ type })),
  fc.record({ type: fc.constant("string"), description: text, maxLength: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ type: fc.constant("string"), enum: fc.uniqueArray(text, { minLength: 1, maxLength: 4 }) }),
  fc.record({ type: fc.constant("integer"), minimum: fc.integer({ min: -5, max: 0 }), default: fc.integer({ min: 0, max: 9 }) }),
  scalarType.map((type) => ({ type: "array", items: { type } })),
);
const nestedSchema = fc.oneof(
  leafSchema,
  fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), leafSchema, { maxKeys: 3 }).map((properties) => ({ type: "object", properties })),
  fc.dictionary(name, leafSchema, { minKeys: 1, maxKeys: 3 })
    .map((properties) => ({ type: "array", items: { type: "object", properties, required: Object.keys(properties).slice(0, 1) } })),
);

/** Values of the keywords the form does not edit, as the safe subset (and draft-07) accepts them. */
const extraKeywords = fc.record(
  { title: text, examples: fc.array(plainJson, { maxLength: 2 }), $comment: text, readOnly: fc.boolean(), "x-widget": fc.oneof(text, fc.integer(), fc.boolean()) },
  { requiredKeys: [] },
);
/** -0 is stored as 0, so it is generated as 0 (an enum must not list 0 twice). */
const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map((value) => (value === 0 ? 0 : value));
const count = fc.nat({ max: 500 });
const positive = fc.double({ noNaN: true, min: 0.001, max: 100 });
/** Keywords of each type (values a form can hold, plus some it cannot, such as an empty description). */
const typedKeywords = {
  string: { enum: fc.uniqueArray(text, { minLength: 1, maxLength: 4 }), default: text, minLength: count, maxLength: count,
    pattern: fc.constantFrom("^[a-z]+$", "\\d{3}", ""), format: fc.constantFrom("date", "email", "uri", ""), minimum: fc.integer() },
  number: { enum: fc.uniqueArray(finite, { minLength: 1, maxLength: 3 }), default: finite, minimum: finite, maximum: finite,
    exclusiveMinimum: finite, exclusiveMaximum: finite, multipleOf: positive, minLength: count },
  integer: { enum: fc.uniqueArray(fc.integer(), { minLength: 1, maxLength: 3 }), default: fc.integer(), minimum: fc.integer(),
    maximum: fc.integer(), exclusiveMinimum: fc.integer(), exclusiveMaximum: fc.integer(), multipleOf: fc.integer({ min: 1, max: 50 }) },
  boolean: { enum: fc.uniqueArray(fc.boolean(), { minLength: 1, maxLength: 2 }), default: fc.boolean() },
  array: { default: fc.array(plainJson, { maxLength: 2 }), minItems: count, maxItems: count, uniqueItems: fc.boolean() },
  object: { default: fc.dictionary(name, plainJson, { maxKeys: 2 }), additionalProperties: fc.boolean() },
} as const;

/** A sub-schema in the safe subset built from the keywords above, any of them absent, with extra keywords mixed in. */
function schemaOf(type: keyof typeof typedKeywords, own: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = { description: text, ...typedKeywords[type], ...own };
  const keywords = fc.record(model, { requiredKeys: Object.keys(own) });
  return fc.tuple(extraKeywords, keywords).map(([extra, known]) => ({ ...extra, type, ...known }));
}

/** Property lists: names (here `nested`), schemas and which are required, written in any order. */
function propertiesOf(names: fc.Arbitrary<string>, schema: fc.Arbitrary<unknown>, maxLength: number) {
  return fc.uniqueArray(fc.tuple(names, schema, fc.boolean()), { selector: ([key]) => key, maxLength }).chain((entries) =>
    fc.shuffledSubarray(entries.filter(([, , isRequired]) => isRequired).map(([key]) => key))
      .map((required) => ({ properties: Object.fromEntries(entries.map(([key, property]) => [key, property])), required })));
}

const nestedName = fc.string({ minLength: 1, maxLength: 8 }).filter((key) => key.trim() !== "");
/** Any sub-schema the form editor can show: every type, nested objects and arrays, form keywords and extra ones. */
export const formSchema: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ schema: Record<string, unknown> }>((tie) => ({
  schema: fc.oneof(
    { maxDepth: 3, depthIdentifier: "form-schema" },
    schemaOf("string"), schemaOf("number"), schemaOf("integer"), schemaOf("boolean"),
    schemaOf("array", { items: tie("schema") }),
    propertiesOf(nestedName, tie("schema"), 3).chain(({ properties, required }) =>
      schemaOf("object", { properties: fc.constant(properties), required: fc.constant(required) })),
  ),
})).schema;

/** A parameters root built from {@link formSchema}: top-level names follow the name rule; `required` is always listed. */
export const formParameters = fc.tuple(propertiesOf(name, formSchema, 5), fc.option(extraKeywords, { nil: {} }))
  .map(([{ properties, required }, extra]) => ({ ...extra, type: "object", properties, required }));

/** Keywords whose value is one sub-schema. */
const SUBSCHEMA_KEYWORDS = new Set(["items", "additionalProperties", "contains", "additionalItems"]);

/**
 * `schema` with the keywords of every schema object inside it (the root, each property's, each
 * `items`) in some shuffled order; the order of `properties` itself is kept.
 */
export function withShuffledKeywords(schema: unknown): fc.Arbitrary<unknown> {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return fc.constant(schema);
  const entries = Object.entries(schema).map(([keyword, value]) => {
    if (keyword === "properties" && typeof value === "object" && value !== null && !Array.isArray(value)) {
      const properties = Object.entries(value).map(([key, property]) => fc.tuple(fc.constant(key), withShuffledKeywords(property)));
      return fc.tuple(fc.constant(keyword), fc.tuple(...properties).map((resolved) => Object.fromEntries(resolved)));
    }
    return fc.tuple(fc.constant(keyword), SUBSCHEMA_KEYWORDS.has(keyword) ? withShuffledKeywords(value) : fc.constant(value));
  });
  return fc.tuple(...entries)
    .chain((resolved) => fc.shuffledSubarray(resolved, { minLength: resolved.length }))
    .map((shuffled) => Object.fromEntries(shuffled));
}

/** Parameters as a JSON Schema or as the flat sugar; `names` are the placeholder names, `required` those a path may use. */
const parameters = fc.oneof(
  fc.uniqueArray(fc.tuple(name, nestedSchema, fc.boolean()), { selector: ([key]) => key, maxLength: 5 }).map((entries) => ({
    names: entries.map(([key]) => key),
    required: entries.filter(([, , isRequired]) => isRequired).map(([key]) => key),
    document: {
      type: "object",
      properties: Object.fromEntries(entries.map(([key, schema]) => [key, schema])),
      required: entries.filter(([, , isRequired]) => isRequired).map(([key]) => key),
    } as unknown,
  })),
  fc.uniqueArray(
    fc.record({ name, type: fc.constantFrom("string", "number", "integer", "boolean", "array:string", "array:integer"), required: fc.boolean(), description: text }, { requiredKeys: ["name", "type"] }),
    { selector: (item) => item.name, maxLength: 5 },
  ).map((items) => ({
    names: items.map((item) => item.name),
    required: items.filter((item) => item.required === true).map((item) => item.name),
    document: items as unknown,
  })),
  formParameters.map((document) => ({ names: Object.keys(document.properties), required: document.required, document: document as unknown })),
);

/** Characters a URL path may hold literally. */
const urlText = fc.stringMatching(/^[A-Za-z0-9._~%=&/-]{0,8}$/);
/** Characters the value of one query entry may hold literally (no `&`: that would start a new entry, whose name could be a placeholder). */
const queryValueText = fc.stringMatching(/^[A-Za-z0-9._~%=/-]{0,8}$/);

/** Text holding placeholders that resolve against `names`, between pieces of `literal`. */
function template(names: readonly string[], literal: fc.Arbitrary<string> = text): fc.Arbitrary<string> {
  const reference = names.length > 0 ? fc.oneof(fc.constantFrom(...names), contextReference) : contextReference;
  const piece = fc.oneof(literal, fc.tuple(reference, fc.constantFrom("", " ")).map(([ref, pad]) => `{{${pad}${ref}${pad}}}`));
  return fc.array(piece, { maxLength: 3 }).map((pieces) => pieces.join(""));
}

/** A request whose URL path uses only `required` parameters (or ctx fields), as authoring demands. */
function request(names: readonly string[], required: readonly string[]) {
  return fc.record({
    method: fc.constantFrom(...HTTP_METHODS, "get", "post"),
    url: fc.tuple(
      fc.constantFrom("https://api.example.com", "http://api.example.com:8080", "https://[2001:db8::1]"),
      template(required, urlText),
      template(names, queryValueText),
    ).map(([origin, pathPart, queryPart]) => `${origin}/${pathPart}?q=${queryPart}`),
    headers: fc.uniqueArray(fc.tuple(headerName, template(names)), { selector: ([key]) => key.toLowerCase(), maxLength: 4 })
      .map((entries) => Object.fromEntries(entries)),
    query: fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }).filter((key) => !key.includes("{{")), template(names), { maxKeys: 3 }),
    body: fc.oneof(fc.constant(null), plainJson, template(names), fc.record({ data: plainJson, ref: template(names) })),
    /** Sometimes a form instead (SPEC §1.8): fields of text, numbers, lists and objects, never null. */
    form: fc.option(fc.record({ field: template(names), count: fc.integer(), list: fc.array(text, { maxLength: 2 }), nested: fc.record({ ref: template(names) }) })),
  }).map(({ form, ...built }) => {
    if (["GET", "HEAD"].includes(built.method.toUpperCase())) return { ...built, body: null };
    return form === null ? built : { ...built, body: form, body_format: "form" };
  });
}

const haltWhen = fc.option(
  fc.record({
    json_path: path,
    equals: fc.array(fc.oneof(text, fc.integer(), fc.boolean()), { minLength: 1, maxLength: 3 }),
    say: fc.option(fc.oneof(fc.record({ text: nonBlank }), fc.record({ json_path: path }))),
  }, { requiredKeys: ["json_path", "equals"] }),
);

const evidence = fc.record({
  items_path: fc.option(path),
  fields: fc.dictionary(name.filter((label) => label !== "id"), path, { minKeys: 1, maxKeys: 4 }),
  source: nonBlank,
  max_items: fc.integer({ min: 1, max: 100 }),
}, { requiredKeys: ["fields"] });

/** A document `parseToolDefinition` accepts, with optional fields sometimes left out. */
export const validDocument: fc.Arbitrary<Record<string, unknown>> = parameters.chain(({ names, required, document }) =>
  fc.record({
    name,
    description: nonBlank,
    parameters: fc.constant(document),
    request: request(names, required),
    evidence: fc.option(evidence),
    auth: fc.option(fc.record({ credential: name })),
    side_effect: fc.option(fc.boolean()),
    timeout: fc.option(fc.integer({ min: 1, max: 120 })),
    group: fc.option(text),
    tags: fc.array(text, { maxLength: 4 }),
    halt_when: haltWhen,
    extract: fc.constantFrom("body_raw", "status", "json_path", "evidence_envelope"),
    path,
    secretPicks: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
  }, { requiredKeys: ["name", "description", "parameters", "request", "extract", "path", "secretPicks"] }),
).map(({ extract, path: extractPath, secretPicks, ...document }) => {
  const headers = document.request.headers as Record<string, string>;
  // Only headers without placeholders may be secret; name them in upper case to exercise the case rule.
  const secretHeaders = Object.keys(headers).filter((header, index) => secretPicks[index] && !headers[header]!.includes("{{"));
  const envelope = extract === "evidence_envelope" && !document.evidence ? "body_raw" : extract;
  return {
    ...document,
    response: envelope === "json_path" ? { extract: envelope, path: extractPath } : { extract: envelope },
    secret_headers: secretHeaders.map((header) => header.toUpperCase()),
  };
});

/** Anything roughly shaped like a definition: each field valid, arbitrary JSON, or missing. */
export const definitionShaped: fc.Arbitrary<unknown> = fc.tuple(validDocument, fc.dictionary(
  fc.constantFrom("name", "description", "parameters", "request", "response", "secret_headers", "side_effect", "timeout", "group", "tags", "halt_when", "evidence", "auth", "side_efect"),
  fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined)),
)).map(([document, replacements]) => ({ ...document, ...replacements }));
