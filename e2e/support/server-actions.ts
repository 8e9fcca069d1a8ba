/**
 * Calls a server action the way a hand-crafted request would — without the UI — to prove the
 * server checks the role itself. The action's id comes from the production build's manifest.
 */
import { readFileSync } from "node:fs";
import type { APIRequestContext, APIResponse } from "@playwright/test";

interface ManifestEntry {
  readonly filename: string;
  readonly exportedName: string;
}

/** The id Next.js gave `exportedName` of the actions file `filename` in the current build. */
export function serverActionId(filename: string, exportedName: string): string {
  const manifest = JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")) as {
    node: Record<string, ManifestEntry>;
  };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.filename === filename && entry.exportedName === exportedName);
  if (!found) throw new Error(`No server action ${exportedName} in ${filename}: build the app first.`);
  return found[0];
}

/** POSTs the action call to `pagePath` with `args`, as the React client would encode them. */
export function callServerAction(request: APIRequestContext, pagePath: string, actionId: string, args: readonly unknown[]): Promise<APIResponse> {
  return request.post(pagePath, {
    headers: { "Next-Action": actionId, Accept: "text/x-component", "Content-Type": "text/plain;charset=UTF-8" },
    data: JSON.stringify(args),
  });
}
