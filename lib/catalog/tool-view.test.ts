import { describe, expect, it } from "vitest";
import { parseToolDefinition, toPersistedForm, withoutSecretValues } from "../tools";
import { headerViews } from "./tool-view";

const definition = toPersistedForm(
  withoutSecretValues(
    parseToolDefinition({
      name: "lookup",
      description: "Look something up.",
      request: { method: "GET", url: "https://api.example.com/x", headers: { Accept: "application/json", authorization: "Bearer s3cr3t-value-123", "X-Pin": "1234" } },
      secret_headers: ["Authorization", "x-pin"],
    }),
  ),
);

describe("headerViews", () => {
  it("shows plain headers as written and secret ones as their mask, matched case-insensitively", () => {
    expect(headerViews({ definition, secrets: [{ header: "authorization", mask: "••••-123" }] })).toEqual([
      { name: "Accept", value: "application/json", secret: false },
      { name: "authorization", value: "••••-123", secret: true },
      { name: "X-Pin", value: null, secret: true },
    ]);
  });
});
