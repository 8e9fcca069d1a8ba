/**
 * Postman collections → tools (issue 27, docs/importers.md "Postman collections"): every request
 * of a v2.0 / v2.1 collection listed with the tool it becomes or the reason it cannot be one, in
 * the same shape as an OpenAPI document's operations, so the import page's picker, check and
 * all-or-nothing import serve both. Folders become groups (the top folder), auth is inherited
 * from the nearest folder or the collection as Postman does, and the collection's variables are
 * listed with their values for the operator to confirm or change.
 */
import type { InspectedDocument, InspectedOperation } from "../openapi";
import { NameSet, snakeCase } from "../openapi/naming";
import { isRecord, NotImportable } from "../openapi/not-importable";
import { loadPostmanCollection } from "./load";
import { descriptionText, mapRequest } from "./request";

export { looksLikePostmanCollection } from "./load";

/** A collection variable as the operator sees it. */
export interface CollectionVariable {
  readonly name: string;
  /** The value the tools use: the operator's, else the collection's ("" for none). */
  readonly value: string;
  readonly description: string;
}

export interface PostmanOptions {
  /** Values the operator gave, by variable name: they replace the collection's. */
  readonly variables?: Readonly<Record<string, string>>;
}

interface Folder {
  readonly names: readonly string[];
  readonly auth: unknown;
}

/**
 * Every request of the collection in `document` (parsed JSON), each as a tool or with its reason.
 *
 * @throws NotImportable when the collection itself cannot be read.
 */
export function inspectPostman(document: Record<string, unknown>, options: PostmanOptions = {}): InspectedDocument {
  const { title, version, json } = loadPostmanCollection(document);
  const variables = collectionVariables(json.variable, referencedVariables(json.item), options.variables ?? {});
  const values = new Map(variables.filter((variable) => variable.value !== "").map((variable) => [variable.name, variable.value]));
  const names = new NameSet();
  const keys = new Map<string, number>();
  const operations: InspectedOperation[] = [];
  const walk = (items: unknown, folder: Folder) => {
    for (const item of Array.isArray(items) ? items.filter(isRecord) : []) {
      const itemName = typeof item.name === "string" && item.name.trim() !== "" ? item.name.trim() : "Untitled request";
      if (Array.isArray(item.item)) {
        walk(item.item, { names: [...folder.names, itemName], auth: item.auth ?? folder.auth });
        continue;
      }
      operations.push(inspectRequest(item, itemName, folder, { title, values, names, keys }));
    }
  };
  walk(json.item, { names: [], auth: json.auth });
  const warnings = variables.some((variable) => variable.value === "")
    ? [`Variables without a value become parameters the model fills, except where they choose the host: ${variables.filter((variable) => variable.value === "").map((variable) => variable.name).join(", ")}.`]
    : [];
  return { kind: "postman", title, version, servers: [], base: null, warnings, operations, variables };
}

function inspectRequest(
  item: Record<string, unknown>,
  itemName: string,
  folder: Folder,
  shared: { readonly title: string; readonly values: ReadonlyMap<string, string>; readonly names: NameSet; readonly keys: Map<string, number> },
): InspectedOperation {
  const request = isRecord(item.request) ? item.request : {};
  const method = typeof request.method === "string" ? request.method.toUpperCase() : "GET";
  const url = isRecord(request.url) ? request.url : {};
  const path = `/${(Array.isArray(url.path) ? url.path : []).join("/")}`;
  const entry = {
    key: uniqueLabel(shared.keys, [...folder.names, itemName].join(" / ")),
    method,
    path,
    summary: descriptionText(request.description).slice(0, 200) || null,
    tag: folder.names[0] ?? null,
  };
  const name = shared.names.claim(snakeCase(itemName, "op"));
  try {
    const mapped = mapRequest({ item, auth: request.auth ?? folder.auth, name, group: folder.names[0] ?? null, values: shared.values, title: shared.title });
    return { ...entry, importable: true, ...mapped, responseFields: [], shape: null };
  } catch (error) {
    if (error instanceof NotImportable) return { ...entry, importable: false, reason: error.reason };
    throw error;
  }
}

/** `label`, or `label (2)`, `label (3)`… when a request of that folder and name came before. */
function uniqueLabel(seen: Map<string, number>, label: string): string {
  const count = (seen.get(label) ?? 0) + 1;
  seen.set(label, count);
  return count === 1 ? label : `${label} (${count})`;
}

/**
 * Every variable the requests use, in order of first use (an environment's included: the
 * collection need not declare them). Auth blocks are not read: their values are never imported,
 * so a value given to `{{token}}` would change nothing.
 */
function referencedVariables(items: unknown): string[] {
  const text = JSON.stringify(items ?? [], (key, value: unknown) => (key === "auth" ? undefined : value));
  return [...new Set([...text.matchAll(/\{\{([^{}]+?)\}\}/g)].map((match) => match[1]!.trim()))];
}

/** The collection's variables, then the undeclared ones its requests use, each with the value the tools use. */
function collectionVariables(input: unknown, referenced: readonly string[], overrides: Readonly<Record<string, string>>): CollectionVariable[] {
  const variables = new Map<string, CollectionVariable>();
  const add = (name: string, own: string, description: string) => {
    if (name === "" || variables.has(name)) return;
    variables.set(name, { name, value: Object.hasOwn(overrides, name) ? overrides[name]!.trim() : own, description });
  };
  for (const entry of Array.isArray(input) ? input.filter(isRecord) : []) {
    if (entry.disabled === true) continue;
    add(typeof entry.key === "string" ? entry.key.trim() : "", entry.value === undefined || entry.value === null ? "" : String(entry.value), descriptionText(entry.description));
  }
  for (const name of referenced) add(name, "", "Used by the requests, not declared in the collection (an environment's variable).");
  return [...variables.values()];
}
