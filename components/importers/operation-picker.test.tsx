/** The operation picker: grouped by tag, search and tag filter, select-all of what is shown and importable, reasons summed up first, renames judged by the validator. */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { InspectedOperation } from "@/lib/imports/openapi-import";
import { OperationPicker } from "./operation-picker";

const tool = (name: string, method: string) => ({
  name,
  description: `${method} ${name}`,
  parameters: { type: "object" as const, properties: {} },
  request: { method, url: "https://api.example.test/x", headers: {}, query: {}, body: null },
  response: { extract: "body_raw" as const, path: null },
  secret_headers: [],
  side_effect: method !== "GET",
  timeout: null,
  group: null,
  tags: [],
  halt_when: null,
});

const OPERATIONS = [
  { key: "GET /pets", method: "GET", path: "/pets", summary: "List pets", tag: "pets", importable: true, tool: tool("list_pets", "GET"), warnings: [], secrets: [], responseFields: ["items"] },
  { key: "POST /pets", method: "POST", path: "/pets", summary: "Create a pet", tag: "pets", importable: true, tool: tool("create_pet", "POST"), warnings: [], secrets: [{ name: "X-API-Key", note: "the API key (key)" }], responseFields: [] },
  { key: "POST /upload", method: "POST", path: "/upload", summary: "Upload", tag: "files", importable: false, reason: "its request body is multipart/form-data, which a JSON tool cannot send" },
  { key: "GET /health", method: "GET", path: "/health", summary: null, tag: null, importable: true, tool: tool("health", "GET"), warnings: [], secrets: [], responseFields: [] },
] as unknown as InspectedOperation[];

function Harness() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [names, setNames] = useState<Record<string, string>>({});
  return (
    <OperationPicker
      operations={OPERATIONS}
      selected={selected}
      onSelect={(keys, value) => setSelected((current) => { const next = new Set(current); for (const key of keys) (value ? next.add(key) : next.delete(key)); return next; })}
      names={names}
      onRename={(key, name) => setNames((current) => ({ ...current, [key]: name }))}
    />
  );
}

describe("OperationPicker", () => {
  it("groups by tag, says why an operation is not importable, and counts", () => {
    render(<Harness />);
    expect(screen.getAllByRole("heading").map((heading) => heading.textContent)).toEqual(["Why 1 operation cannot be imported", "pets (2)", "files (1)", "Untagged (1)"]);
    const upload = screen.getByRole("listitem", { name: "POST /upload" });
    expect(within(upload).queryByRole("checkbox")).toBeNull();
    expect(upload.textContent).toContain("Its request body is multipart/form-data, which a JSON tool cannot send.");
    const summary = screen.getByRole("region", { name: "Why 1 operation cannot be imported" });
    expect(summary.textContent).toContain("1× Its request body is multipart/form-data, which a JSON tool cannot send.");
    expect(screen.getByText(/4 operations: 3 importable, 1 not importable\. 0 selected\./)).toBeTruthy();
  });

  it("selects all importable operations the search shows, and only those", () => {
    render(<Harness />);
    fireEvent.change(screen.getByRole("searchbox", { name: "Search operations" }), { target: { value: "pets" } });
    expect(screen.queryByRole("listitem", { name: "GET /health" })).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all importable shown" }));
    expect(screen.getByText(/2 selected\./)).toBeTruthy();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search operations" }), { target: { value: "" } });
    const health = screen.getByRole("listitem", { name: "GET /health" });
    expect(within(health).getByRole("checkbox").getAttribute("aria-checked")).toBe("false");
  });

  it("filters by tag, and select-all takes only what the filter shows", () => {
    render(<Harness />);
    fireEvent.change(screen.getByRole("combobox", { name: "Tag" }), { target: { value: "Untagged" } });
    expect(screen.getAllByRole("listitem").flatMap((item) => item.getAttribute("aria-label") ?? [])).toEqual(["GET /health"]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all importable shown" }));
    expect(screen.getByText(/1 selected\. Showing 1\./)).toBeTruthy();
  });

  it("shows a selected tool's name, secrets and validity, and judges a rename by the validator", () => {
    render(<Harness />);
    const create = screen.getByRole("listitem", { name: "POST /pets" });
    fireEvent.click(within(create).getByRole("checkbox"));
    const name = within(create).getByRole("textbox", { name: "Tool name" });
    expect((name as HTMLInputElement).value).toBe("create_pet");
    expect(create.textContent).toContain("X-API-Key");
    expect(create.textContent).toContain("valid");
    fireEvent.change(name, { target: { value: "Create Pet" } });
    expect(create.textContent).toContain('name: "Create Pet" is not a valid name');
    expect(create.textContent).not.toContain("Every provider accepts");
  });

  it("sums provider compatibility up in a line, one line per provider behind it", () => {
    const free = { ...tool("tag_pet", "POST"), parameters: { type: "object" as const, properties: { meta: { type: "object", properties: {}, additionalProperties: true } } } };
    const tagging = [{ key: "POST /tags", method: "POST", path: "/tags", summary: "Tag", tag: null, importable: true, tool: free, warnings: [], secrets: [], responseFields: [] }] as unknown as InspectedOperation[];
    render(<OperationPicker operations={tagging} selected={new Set(["POST /tags"])} onSelect={() => {}} names={{}} onRename={() => {}} />);
    const row = screen.getByRole("listitem", { name: "POST /tags" });
    expect(within(row).getByText(/^Provider compatibility: refused by Gemini$/)).toBeTruthy();
    for (const provider of ["OpenAI", "Anthropic", "Gemini", "MCP"]) expect(within(row).getByText(provider)).toBeTruthy();
    expect(row.textContent).not.toContain("remark");
    expect(screen.getByText(/^1 operation: 1 importable, 0 not importable\. 1 selected\./)).toBeTruthy();
  });
});
