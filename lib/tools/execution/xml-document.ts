/**
 * A rendered XML body template (lib/tools/definition/xml-body.ts) as the document sent. Text and
 * attribute values are escaped, so an argument can never add markup; an absent value leaves its
 * element or attribute out. What an argument brings that XML cannot carry (a key that is not an
 * element name, a control character) is a problem named by where it is, never sent altered.
 */
import { isAbsent, XML_ATTRIBUTE_PREFIX, XML_NAME, XML_TEXT_KEY } from "../definition";

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
/** Characters XML 1.0 cannot carry, even escaped. */
const UNCARRIABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** Why a rendered body cannot be written as XML, with where. */
export class XmlBodyProblem extends Error {}

/**
 * The rendered body (`{root: content}`) as an XML document. `root` is the template's root element,
 * written even when its content is absent (rendering then dropped it): a document has one.
 * @throws XmlBodyProblem
 */
export function xmlDocument(rendered: unknown, root: string): string {
  const content = (rendered as Record<string, unknown>)[root];
  return XML_DECLARATION + (isAbsent(content) ? `<${root}/>` : element(root, content, root));
}

function element(name: string, value: unknown, where: string): string {
  if (isAbsent(value)) return "";
  if (Array.isArray(value)) return value.map((item, index) => element(name, item, `${where}.${index}`)).join("");
  if (typeof value !== "object") return `<${name}>${escapedText(value, where)}</${name}>`;
  let attributes = "";
  let text = "";
  let children = "";
  for (const [key, item] of Object.entries(value as object)) {
    const at = `${where}.${key}`;
    if (isAbsent(item)) continue;
    if (key === XML_TEXT_KEY) text = escapedText(item, at);
    else if (key.startsWith(XML_ATTRIBUTE_PREFIX)) attributes += ` ${checkedName(key.slice(XML_ATTRIBUTE_PREFIX.length), at)}="${escapedAttribute(item, at)}"`;
    else children += element(checkedName(key, at), item, at);
  }
  return text === "" && children === "" ? `<${name}${attributes}/>` : `<${name}${attributes}>${text}${children}</${name}>`;
}

function checkedName(name: string, where: string): string {
  if (!XML_NAME.test(name)) throw new XmlBodyProblem(`${where}: "${name}" is not an XML name`);
  return name;
}

function scalarText(value: unknown, where: string): string {
  if (typeof value === "object") throw new XmlBodyProblem(`${where}: an attribute or an element's text holds text, a number or a boolean, not ${Array.isArray(value) ? "a list" : "an object"}`);
  const text = String(value);
  if (UNCARRIABLE.test(text)) throw new XmlBodyProblem(`${where}: holds a control character that XML cannot carry`);
  return text;
}

function escapedText(value: unknown, where: string): string {
  return scalarText(value, where).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapedAttribute(value: unknown, where: string): string {
  return scalarText(value, where).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;").replace(/\t/g, "&#9;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;");
}
