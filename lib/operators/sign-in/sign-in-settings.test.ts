import { afterEach, describe, expect, it, vi } from "vitest";
import { ValidationError } from "../../errors";
import { validateConfiguration } from "../../setup/configuration";
import { checkSignInSettings } from "./sign-in-settings";

const GOOD = { NEXTAUTH_SECRET: "x".repeat(32), NEXTAUTH_URL: "https://quiver.example.com" };

function issuesOf(env: Record<string, string | undefined>) {
  try {
    checkSignInSettings(env);
  } catch (error) {
    if (error instanceof ValidationError) return error.issues;
    throw error;
  }
  return [];
}

describe("checkSignInSettings", () => {
  it.each([
    ["a 32-byte secret and an https URL", GOOD],
    ["an http URL with a port and path", { ...GOOD, NEXTAUTH_URL: "http://127.0.0.1:3100/quiver" }],
    ["a generated base64 secret", { ...GOOD, NEXTAUTH_SECRET: "q0o4mJ0E4n8m2YH0b1qzQ5m3Jq1Yk0D2kQ3u0f9o3zY=" }],
    ["the e2e secret", { ...GOOD, NEXTAUTH_SECRET: "e2e-only-nextauth-secret-not-for-production" }],
  ])("accepts %s", (_case, env) => {
    expect(issuesOf(env)).toEqual([]);
  });

  const SHORT = "must be at least 32 bytes of random text (e.g. openssl rand -base64 32): it signs every session";
  it.each<[string, Record<string, string | undefined>, { path: string; message: string }[]]>([
    ["a missing secret", { NEXTAUTH_URL: GOOD.NEXTAUTH_URL }, [{ path: "NEXTAUTH_SECRET", message: "is missing: set it to 32 random bytes, e.g. openssl rand -base64 32" }]],
    ["a blank secret", { ...GOOD, NEXTAUTH_SECRET: "   " }, [{ path: "NEXTAUTH_SECRET", message: "is missing: set it to 32 random bytes, e.g. openssl rand -base64 32" }]],
    ["a 31-byte secret", { ...GOOD, NEXTAUTH_SECRET: "x".repeat(31) }, [{ path: "NEXTAUTH_SECRET", message: SHORT }]],
    // Bytes, not characters: 10 three-byte characters are 30 bytes.
    ["a short secret of wide characters", { ...GOOD, NEXTAUTH_SECRET: "€".repeat(10) }, [{ path: "NEXTAUTH_SECRET", message: SHORT }]],
    ["a missing URL", { NEXTAUTH_SECRET: GOOD.NEXTAUTH_SECRET }, [{ path: "NEXTAUTH_URL", message: "is missing: set it to the address operators open, e.g. https://quiver.example.com" }]],
    ["a URL without a scheme", { ...GOOD, NEXTAUTH_URL: "quiver.example.com" }, [{ path: "NEXTAUTH_URL", message: 'must be an absolute http:// or https:// URL, found "quiver.example.com"' }]],
    ["a URL of another scheme", { ...GOOD, NEXTAUTH_URL: "ftp://quiver.example.com" }, [{ path: "NEXTAUTH_URL", message: 'must be an absolute http:// or https:// URL, found "ftp://quiver.example.com"' }]],
    ["both wrong", {}, [
      { path: "NEXTAUTH_SECRET", message: "is missing: set it to 32 random bytes, e.g. openssl rand -base64 32" },
      { path: "NEXTAUTH_URL", message: "is missing: set it to the address operators open, e.g. https://quiver.example.com" },
    ]],
  ])("refuses %s, naming the variable", (_case, env, expected) => {
    expect(issuesOf(env)).toEqual(expected);
  });

  it("never quotes the secret", () => {
    const secret = "short-secret-abc";
    expect(JSON.stringify(issuesOf({ ...GOOD, NEXTAUTH_SECRET: secret }))).not.toContain(secret);
  });
});

describe("validateConfiguration (start-up)", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("stops on a short NEXTAUTH_SECRET like on any other bad setting", () => {
    vi.stubEnv("NEXTAUTH_URL", GOOD.NEXTAUTH_URL);
    vi.stubEnv("NEXTAUTH_SECRET", "too-short");
    expect(() => validateConfiguration()).toThrow(/NEXTAUTH_SECRET/);
  });

  it("passes with good sign-in settings", () => {
    vi.stubEnv("NEXTAUTH_URL", GOOD.NEXTAUTH_URL);
    vi.stubEnv("NEXTAUTH_SECRET", GOOD.NEXTAUTH_SECRET);
    expect(() => validateConfiguration()).not.toThrow();
  });
});
