import { findNodeAtLocation, parseTree, type Node } from "jsonc-parser";

/**
 * Where in JSON `text` the value at dotted `path` is (`request.headers.Authorization`,
 * `halt_when.equals.0`), as character offsets — or, when the path does not exist (a missing
 * required key), its nearest existing ancestor. Null when the text is not JSON.
 */
export function locateJsonPath(text: string, path: string): { from: number; to: number } | null {
  const root = parseTree(text);
  if (!root) return null;
  const segments = path === "" ? [] : path.split(".");
  let node: Node | undefined = root;
  let best: Node = root;
  for (let depth = 0; depth < segments.length && node; depth += 1) {
    const segment = segments[depth]!;
    node = findNodeAtLocation(node, [node.type === "array" && /^\d+$/.test(segment) ? Number(segment) : segment]);
    if (node) best = node;
  }
  const target = node ?? best;
  // A property's key is the clearest place to point at when the whole value is wrong.
  const keyNode = target.parent?.type === "property" ? target.parent.children?.[0] : undefined;
  const from = keyNode?.offset ?? target.offset;
  return { from, to: Math.max(from + 1, target.offset + Math.min(target.length, 200)) };
}
