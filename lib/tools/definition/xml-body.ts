/**
 * XML bodies (SPEC §1.8, `request.body_format: "xml"`): the body is JSON saying which elements to
 * send. It has one key, the root element; inside an element, a key `@name` is an attribute, the
 * key `#text` its text, and every other key a child element, in written order; a list repeats its
 * element once per item. A value that is exactly one placeholder takes the argument's typed value,
 * written by the same rules (an object argument's keys become child elements). Names and values
 * are checked here when written; what an argument brings is checked again when it is rendered.
 */
import type { JsonValue } from "../types";
import { childPath, describeValue, type Issues } from "./definition-input";

/** An XML element or attribute name: a letter or `_`, then letters, digits, `_ . -`, with one optional `prefix:`. */
export const XML_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*(?::[A-Za-z_][A-Za-z0-9_.-]*)?$/;
/** The key of an element's own text beside its attributes. */
export const XML_TEXT_KEY = "#text";
/** Keys starting with this are attributes. */
export const XML_ATTRIBUTE_PREFIX = "@";

const NAME_RULE = "letters, digits, _ . or -, starting with a letter or _, with at most one prefix: (ns:Name)";

/** Every problem of an XML body template, at its path. */
export function checkXmlBody(body: JsonValue, path: string, issues: Issues): void {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    issues.add(path, body === null
      ? 'an XML body needs its root element: an object such as {"Order": {"Id": "{{order_id}}"}}'
      : `an XML body must be an object holding its root element, found ${describeValue(body)}`);
    return;
  }
  const keys = Object.keys(body);
  if (keys.length !== 1) {
    issues.add(path, `an XML document has one root element, found ${keys.length === 0 ? "none" : `${keys.length} (${keys.join(", ")})`}: wrap them in one`);
    return;
  }
  const [root] = keys as [string];
  if (!XML_NAME.test(root)) issues.add(childPath(path, root), `"${root}" is not an XML element name: use ${NAME_RULE}`);
  else checkElement(body[root]!, childPath(path, root), issues, false);
}

function checkElement(value: JsonValue, path: string, issues: Issues, inList: boolean): void {
  if (value === null) {
    issues.add(path, "an XML element cannot be null: leave the element out, or give it a value");
  } else if (Array.isArray(value)) {
    if (inList) issues.add(path, "a list inside a list has no element name for its items: put each inner list in an element");
    else value.forEach((item, index) => checkElement(item, childPath(path, index), issues, true));
  } else if (typeof value === "object") {
    for (const [key, item] of Object.entries(value)) checkMember(key, item, childPath(path, key), issues);
  }
}

function checkMember(key: string, value: JsonValue, path: string, issues: Issues): void {
  if (key === XML_TEXT_KEY || key.startsWith(XML_ATTRIBUTE_PREFIX)) {
    const name = key.slice(XML_ATTRIBUTE_PREFIX.length);
    if (key !== XML_TEXT_KEY && !XML_NAME.test(name)) issues.add(path, `"${name}" is not an XML attribute name: use ${NAME_RULE}`);
    else if (value === null || typeof value === "object") issues.add(path, `${key === XML_TEXT_KEY ? "an element's text" : "an attribute"} holds text, a number or a boolean, found ${describeValue(value)}`);
    return;
  }
  if (!XML_NAME.test(key)) issues.add(path, `"${key}" is not an XML element name: use ${NAME_RULE} (attributes start with @, text is #text)`);
  else checkElement(value, path, issues, false);
}
