/**
 * An OpenAPI XML request body (`application/xml`, `text/xml`, `…+xml`) as a tool's XML body
 * template (SPEC §1.8 `body_format: "xml"`), read from the schema's `xml` objects
 * (docs/importers.md "XML bodies"): the root element is the body schema's `xml.name`, else its
 * title; each top-level property is an element (or, with `xml.attribute`, an attribute) named by
 * its `xml.name`, else its own name; a list repeats its item element (`items.xml.name`, else the
 * list's name), inside a wrapper element when `xml.wrapped`. Below the top level a tool writes an
 * argument's keys as they are, so a document that names a deeper element differently, wraps a
 * deeper list, or puts a deeper attribute is refused there — never sent with other names.
 */
import type { JsonSchema } from "../../tools";
import { isRecord, NotImportable } from "./not-importable";
import type { OperationInput } from "./parameters";

const MAX_DEPTH = 24;

interface XmlObject {
  readonly name?: string;
  readonly namespace?: string;
  readonly prefix?: string;
  readonly attribute?: boolean;
  readonly wrapped?: boolean;
}

/**
 * The XML body template: `{root: {element or @attribute: "{{parameter}}", …}}`.
 *
 * @param schema the body's schema as the document has it (dereferenced), for its `xml` objects
 * @param inputs the operation's inputs; those in the body are its top-level properties
 * @throws NotImportable when the document's XML naming cannot be reproduced
 */
export function xmlBodyTemplate(schema: unknown, inputs: readonly OperationInput[]): Record<string, unknown> {
  const xml = xmlOf(schema);
  const title = isRecord(schema) && typeof schema.title === "string" ? schema.title : undefined;
  const root = qualified(xml.name ?? title, xml.prefix);
  if (root === undefined) throw new NotImportable("its XML request body does not name its root element (no xml.name or title)");
  const content: Record<string, unknown> = namespaceAttributes(xml);
  const properties = propertiesOf(schema);
  for (const input of inputs.filter((candidate) => candidate.location === "body")) {
    const property = properties[input.original];
    const [key, value] = member(input, property);
    if (key in content) throw new NotImportable(`its XML request body writes two fields as ${key}, which a tool cannot tell apart`);
    content[key] = value;
    checkDeeper(property, input.schema, `the XML element ${key}`, 0);
  }
  return { [root]: content };
}

/** One top-level property as the template's key and value. */
function member(input: OperationInput, property: unknown): [string, unknown] {
  const placeholder = `{{${input.name}}}`;
  const xml = xmlOf(property);
  const name = qualified(xml.name ?? input.original, xml.prefix)!;
  if (xml.attribute === true) {
    if (input.schema.type === "object" || input.schema.type === "array") throw new NotImportable(`its XML attribute ${name} holds ${input.schema.type === "array" ? "a list" : "an object"}, which XML attributes cannot`);
    return [`@${name}`, placeholder];
  }
  if (input.schema.type !== "array") return [name, placeholder];
  const items = xmlOf(itemsOf(property));
  const item = qualified(items.name ?? xml.name ?? input.original, items.prefix)!;
  return xml.wrapped === true ? [name, { [item]: placeholder }] : [item, placeholder];
}

/**
 * Below the top level, an argument's keys become the element names: the document must name each
 * element as its property, put no attribute and wrap no list there.
 */
function checkDeeper(schema: unknown, converted: JsonSchema, where: string, depth: number): void {
  if (depth > MAX_DEPTH || !isRecord(schema)) return;
  if (converted.type === "array") {
    checkDeeper(itemsOf(schema), (converted.items ?? {}) as JsonSchema, `${where} items`, depth + 1);
    return;
  }
  if (converted.type !== "object" || !isRecord(converted.properties)) return;
  const properties = propertiesOf(schema);
  for (const [name, inner] of Object.entries(converted.properties as Record<string, JsonSchema>)) {
    const xml = xmlOf(properties[name]);
    const items = inner.type === "array" ? xmlOf(itemsOf(properties[name])) : {};
    const renamed = [xml.name, items.name].find((given) => given !== undefined && given !== name);
    if (renamed !== undefined || xml.prefix !== undefined || xml.namespace !== undefined) throw new NotImportable(`${where} names its field ${name} as ${renamed ?? qualified(name, xml.prefix)} in XML, which a tool cannot reproduce below the top level`);
    if (xml.attribute === true) throw new NotImportable(`${where} sends its field ${name} as an attribute, which a tool cannot reproduce below the top level`);
    if (xml.wrapped === true) throw new NotImportable(`${where} wraps its list ${name}, which a tool cannot reproduce below the top level`);
    checkDeeper(properties[name], inner, `${where}.${name}`, depth + 1);
  }
}

/** `xmlns` (or `xmlns:prefix`) for an element's declared namespace. */
function namespaceAttributes(xml: XmlObject): Record<string, string> {
  if (xml.namespace === undefined) return {};
  return { [xml.prefix === undefined ? "@xmlns" : `@xmlns:${xml.prefix}`]: xml.namespace };
}

function qualified(name: string | undefined, prefix: string | undefined): string | undefined {
  if (name === undefined || name.trim() === "") return undefined;
  return prefix === undefined ? name : `${prefix}:${name}`;
}

/** A schema's `xml` object, with its allOf members' (AWS writes `allOf: [$ref, {xml: …}]`). */
function xmlOf(schema: unknown): XmlObject {
  if (!isRecord(schema)) return {};
  const parts = [...(Array.isArray(schema.allOf) ? schema.allOf.map(xmlOf) : []), isRecord(schema.xml) ? schema.xml : {}];
  const merged: Record<string, unknown> = {};
  for (const part of parts) for (const [key, value] of Object.entries(part)) if (value !== undefined) merged[key] = value;
  return {
    name: typeof merged.name === "string" ? merged.name : undefined,
    namespace: typeof merged.namespace === "string" ? merged.namespace : undefined,
    prefix: typeof merged.prefix === "string" ? merged.prefix : undefined,
    attribute: merged.attribute === true,
    wrapped: merged.wrapped === true,
  };
}

function propertiesOf(schema: unknown): Record<string, unknown> {
  if (!isRecord(schema)) return {};
  const own = isRecord(schema.properties) ? schema.properties : {};
  return Object.assign({}, ...(Array.isArray(schema.allOf) ? schema.allOf.map(propertiesOf) : []), own);
}

function itemsOf(schema: unknown): unknown {
  if (!isRecord(schema)) return undefined;
  if (schema.items !== undefined) return schema.items;
  return Array.isArray(schema.allOf) ? schema.allOf.map(itemsOf).find((items) => items !== undefined) : undefined;
}
