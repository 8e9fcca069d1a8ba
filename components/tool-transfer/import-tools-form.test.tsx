/**
 * The import's "Missing credentials" block: a Basic auth credential the document proposes without a
 * user name asks for one, and the import stays blocked, saying why, until it is typed — only when
 * the operator chose to create the missing credentials.
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { ImportPreview } from "@/lib/imports/tool-import";
import { PreviewCard } from "./import-tools-form";

const PREVIEW: ImportPreview = {
  issues: [],
  tools: [{ path: "tools.0", name: "list_orders", status: "new" }],
  missingCredentials: [{ name: "shop_login", tools: ["list_orders"] }],
};

function Harness({ onImport }: { onImport: () => void }) {
  const [checked, setChecked] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <PreviewCard
      preview={PREVIEW}
      problems={0}
      choices={{}}
      onChoose={() => {}}
      createMissing={{ checked, onChange: setChecked, what: "Basic auth", userNames: { needed: ["shop_login"], values, onChange: (name, value) => setValues((current) => ({ ...current, [name]: value })) } }}
      onImport={onImport}
      pending={false}
    />
  );
}

describe("missing Basic auth credentials", () => {
  it("ask for the user name, and block the import until it is typed", () => {
    const onImport = vi.fn();
    render(<Harness onImport={onImport} />);
    const importButton = screen.getByRole("button", { name: "Import" });
    expect(importButton).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("checkbox"));
    expect(screen.getByText("Enter the user name of each Basic auth credential to create.")).toBeTruthy();
    expect(importButton).toHaveProperty("disabled", true);
    fireEvent.change(screen.getByRole("textbox", { name: "Basic auth user name of shop_login" }), { target: { value: "reporter" } });
    expect(importButton).toHaveProperty("disabled", false);
    fireEvent.click(importButton);
    expect(onImport).toHaveBeenCalledTimes(1);
  });

  it("accept spaces only as no user name", () => {
    render(<Harness onImport={() => {}} />);
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.change(screen.getByRole("textbox", { name: "Basic auth user name of shop_login" }), { target: { value: "   " } });
    expect(screen.getByRole("button", { name: "Import" })).toHaveProperty("disabled", true);
  });
});
