/**
 * Every example document of @readme/oas-examples (Swagger 2.0, OpenAPI 3.0 and 3.1; JSON and
 * YAML): every operation becomes a tool parseToolDefinition accepts, or carries a specific reason.
 * No crash, no hang (the circular examples included). The counts are printed.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseToolDefinition } from "../../tools";
import { inspectOpenApi } from "./index";
import { reasonKind } from "./test-support/reason-kind";

const ROOT = path.join(process.cwd(), "node_modules/@readme/oas-examples");
const documents = ["2.0", "3.0", "3.1"].flatMap((version) =>
  ["json", "yaml"].flatMap((format) =>
    readdirSync(path.join(ROOT, version, format))
      .filter((file) => file.endsWith(`.${format}`))
      .map((file) => ({ label: `${version}/${format}/${file}`, file: path.join(ROOT, version, format, file) })),
  ),
);


describe("the @readme/oas-examples corpus", () => {
  const totals = { documents: 0, importable: 0, notImportable: 0, withOutputSchema: 0, outputSchemaWarnings: 0 };
  const reasons = new Map<string, number>();

  it("has documents of every version and format", () => {
    expect(documents.length).toBeGreaterThan(100);
    for (const prefix of ["2.0/json", "2.0/yaml", "3.0/json", "3.0/yaml", "3.1/json", "3.1/yaml"]) {
      expect(documents.some((document) => document.label.startsWith(prefix))).toBe(true);
    }
  });

  it.each(documents)("$label: every operation is a valid tool or has a reason", async ({ file }) => {
    const inspected = await inspectOpenApi(readFileSync(file, "utf8"), { documentUrl: "https://docs.example.test/specs/openapi.json" });
    totals.documents += 1;
    const names = new Set<string>();
    for (const operation of inspected.operations) {
      if (operation.importable) {
        totals.importable += 1;
        if (operation.tool.output_schema !== undefined) totals.withOutputSchema += 1;
        if (operation.warnings.some((warning) => warning.startsWith("No output schema"))) totals.outputSchemaWarnings += 1;
        expect(parseToolDefinition(operation.tool).name).toBe(operation.tool.name);
        expect(names.has(operation.tool.name)).toBe(false);
        names.add(operation.tool.name);
        for (const header of operation.tool.secret_headers) expect(operation.tool.request.headers[header]).toBe("");
      } else {
        totals.notImportable += 1;
        expect(operation.reason.length).toBeGreaterThan(10);
        reasons.set(reasonKind(operation.reason), (reasons.get(reasonKind(operation.reason)) ?? 0) + 1);
      }
    }
  }, 20_000);

  it("prints the counts", () => {
    const lines = [...reasons.entries()].sort((a, b) => b[1] - a[1]).map(([reason, count]) => `  ${String(count).padStart(4)}  ${reason}`);
    console.log(
      `oas-examples: ${totals.documents} documents, ${totals.importable} operations importable (${totals.withOutputSchema} with an output schema, ` +
        `${totals.outputSchemaWarnings} whose response schema the subset cannot express), ${totals.notImportable} not importable:\n${lines.join("\n")}`,
    );
    expect(totals.documents).toBe(documents.length);
    expect(totals.importable).toBeGreaterThan(totals.notImportable);
    expect(totals.withOutputSchema).toBeGreaterThan(0);
  });
});
