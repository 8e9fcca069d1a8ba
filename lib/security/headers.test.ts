import { describe, expect, it } from "vitest";
import {
  COMMON_SECURITY_HEADERS,
  createNonce,
  NON_PAGE_CONTENT_SECURITY_POLICY,
  NON_PAGE_PREFIXES,
  pageContentSecurityPolicy,
  staticHeaderRules,
  STRICT_TRANSPORT_SECURITY,
} from "./headers";

/** A policy as a map from directive name to its sources, so order and spacing do not matter. */
function directivesOf(policy: string): Map<string, string[]> {
  const entries = policy.split(";").map((part) => part.trim().split(/\s+/));
  const map = new Map(entries.map(([name, ...sources]) => [name as string, sources]));
  expect(map.size, "a directive appears twice").toBe(entries.length);
  return map;
}

const NONCE = "AAECAwQFBgcICQoLDA0ODw==";

describe("pageContentSecurityPolicy", () => {
  const policy = directivesOf(pageContentSecurityPolicy(NONCE));

  it.each([
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'"]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:"]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ])("%s is %j", (directive, sources) => {
    expect(policy.get(directive)).toEqual(sources);
  });

  it("has no other directive", () => {
    expect(policy.size).toBe(10);
  });

  it("never lets inline scripts run without the nonce ('unsafe-inline' and hashes stay out)", () => {
    expect(policy.get("script-src")?.filter((source) => source === "'unsafe-inline'" || source.startsWith("'sha"))).toEqual([]);
  });

  it("lets no script eval code: the parameter forms validate without generating functions", () => {
    expect(pageContentSecurityPolicy(NONCE)).not.toContain("'unsafe-eval'");
  });

  it("allows eval only for next dev, whose error overlay needs it, and changes nothing else", () => {
    const development = directivesOf(pageContentSecurityPolicy(NONCE, { development: true }));
    expect(development.get("script-src")).toEqual([...(policy.get("script-src") ?? []), "'unsafe-eval'"]);
    expect(new Map([...development].filter(([name]) => name !== "script-src"))).toEqual(new Map([...policy].filter(([name]) => name !== "script-src")));
  });

  it("never puts the nonce into style-src, where it would switch 'unsafe-inline' off", () => {
    expect(policy.get("style-src")?.some((source) => source.startsWith("'nonce-"))).toBe(false);
  });

  it("carries the nonce it was given, so two responses have two policies", () => {
    const other = createNonce();
    expect(pageContentSecurityPolicy(other)).toContain(`'nonce-${other}'`);
    expect(pageContentSecurityPolicy(other)).not.toBe(pageContentSecurityPolicy(NONCE));
  });

  it.each([
    ["empty", ""],
    ["too short", "abc"],
    ["a quote that ends the source", `${NONCE}' 'unsafe-inline`],
    ["a semicolon that starts a directive", `${NONCE}; script-src *`],
    ["a line break", `${NONCE}\r\nSet-Cookie: a=b`],
  ])("refuses a nonce that is %s", (_, nonce) => {
    expect(() => pageContentSecurityPolicy(nonce)).toThrow(/nonce/);
  });
});

describe("createNonce", () => {
  it("gives 16 random bytes in base64, accepted by the page policy", () => {
    const nonce = createNonce();
    expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(() => pageContentSecurityPolicy(nonce)).not.toThrow();
  });

  it("differs every time", () => {
    const nonces = new Set(Array.from({ length: 200 }, createNonce));
    expect(nonces.size).toBe(200);
  });
});

describe("the non-page policy", () => {
  it("lets nothing load, submit, set a base or frame it", () => {
    expect(Object.fromEntries(directivesOf(NON_PAGE_CONTENT_SECURITY_POLICY))).toEqual({
      "default-src": ["'none'"],
      "base-uri": ["'none'"],
      "form-action": ["'none'"],
      "frame-ancestors": ["'none'"],
    });
  });
});

describe("staticHeaderRules (next.config headers)", () => {
  const rules = staticHeaderRules();
  const everywhere = rules.filter((rule) => rule.source === "/:path*" && !rule.has);

  it.each([
    ["X-Frame-Options", "DENY"],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ])("sends %s: %s on every response", (key, value) => {
    expect(everywhere.flatMap((rule) => rule.headers)).toContainEqual({ key, value });
  });

  it("switches off powerful browser features nobody uses in the console", () => {
    const permissions = COMMON_SECURITY_HEADERS.find((header) => header.key === "Permissions-Policy")?.value ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(permissions).toContain(`${feature}=()`);
  });

  it("sets a Content-Security-Policy only under the paths the proxy skips (pages get the nonce policy there)", () => {
    const withPolicy = rules.filter((rule) => rule.headers.some((header) => header.key === "Content-Security-Policy"));
    expect(withPolicy.map((rule) => rule.source)).toEqual(NON_PAGE_PREFIXES.map((prefix) => `${prefix}:path*`));
    for (const rule of withPolicy) {
      expect(rule.has).toBeUndefined();
      expect(rule.headers).toEqual([{ key: "Content-Security-Policy", value: NON_PAGE_CONTENT_SECURITY_POLICY }]);
    }
  });

  it("sends HSTS only when the reverse proxy says the request came over HTTPS", () => {
    const withHsts = rules.filter((rule) => rule.headers.some((header) => header.key === STRICT_TRANSPORT_SECURITY.key));
    expect(withHsts).toEqual([
      { source: "/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [STRICT_TRANSPORT_SECURITY] },
    ]);
    expect(STRICT_TRANSPORT_SECURITY.value).toBe("max-age=31536000; includeSubDomains");
  });

  it("names each header at most once per rule", () => {
    for (const rule of rules) {
      const keys = rule.headers.map((header) => header.key.toLowerCase());
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
