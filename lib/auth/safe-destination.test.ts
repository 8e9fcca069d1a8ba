import { describe, expect, it } from "vitest";
import { safeDestination } from "./safe-destination";

describe("safeDestination", () => {
  it.each([
    ["/audit?action=user.create", "/audit?action=user.create"],
    ["/personas", "/personas"],
    ["", "/tools"],
    ["https://evil.example/", "/tools"],
    ["//evil.example/path", "/tools"],
    ["/\\evil.example", "/tools"],
    ["javascript:alert(1)", "/tools"],
    ["/\t/evil.example", "/tools"],
    ["/\n\\evil.example", "/tools"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/tools/lookup_order#history", "/tools/lookup_order#history"],
  ])("%j → %j", (requested, expected) => {
    expect(safeDestination(requested)).toBe(expected);
  });
});
