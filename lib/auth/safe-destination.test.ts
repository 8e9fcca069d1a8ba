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
  ])("%j → %j", (requested, expected) => {
    expect(safeDestination(requested)).toBe(expected);
  });
});
