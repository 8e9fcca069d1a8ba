import { expect, it } from "vitest";
import { keyStatus } from "./key-status";

const NOW = new Date("2026-12-01T12:00:00.000Z");

it.each([
  { key: { revokedAt: null, expiresAt: null }, status: "active" },
  { key: { revokedAt: null, expiresAt: new Date("2026-12-01T12:00:00.001Z") }, status: "active" },
  { key: { revokedAt: null, expiresAt: NOW }, status: "expired" },
  { key: { revokedAt: new Date("2026-11-01T00:00:00.000Z"), expiresAt: new Date("2026-11-02T00:00:00.000Z") }, status: "revoked" },
])("a key is $status", ({ key, status }) => {
  expect(keyStatus(key, NOW)).toBe(status);
});
