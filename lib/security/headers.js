// @ts-check
/**
 * The security headers of every response, in one place: the Content-Security-Policy of pages (with
 * a fresh nonce per request, set by `proxy.ts`), the policy of everything that is not a page (API
 * answers, static assets: set by `next.config.js`), and the headers that are the same everywhere.
 * Framework-free plain JavaScript (typed with JSDoc, checked by tsc): `next.config.js` imports it at
 * build time without a TypeScript loader, and `proxy.ts` on every page request.
 * Why each choice was made is written in docs/DECISIONS.md ("Security headers").
 */

/** @typedef {{ readonly key: string; readonly value: string }} SecurityHeader A response header as `next.config` `headers()` takes it. */

const NONCE_SHAPE = /^[A-Za-z0-9+/]{16,}={0,2}$/;

/**
 * Joins directives into a header value: `name source source; name source`.
 * @param {ReadonlyArray<readonly [string, ...string[]]>} directives
 * @returns {string}
 */
function serialise(directives) {
  return directives.map((parts) => parts.join(" ")).join("; ");
}

/**
 * The Content-Security-Policy of an HTML page; `nonce` is fresh for every response (see
 * {@link createNonce}). Scripts run only with it (Next.js puts it on its own scripts and inline data
 * when it finds it in the request's policy) or when a script that had it loads them
 * ('strict-dynamic'). No eval: the parameter forms check arguments with an interpreting validator
 * (lib/tools/definition/schema-check.ts), so only `next dev` gets 'unsafe-eval' (`development`),
 * which rebuilds server error stacks and runs its overlay with eval. Styles allow inline because
 * Radix, recharts and sonner set style attributes and elements a nonce cannot cover (a nonce in
 * `style-src` would also switch 'unsafe-inline' off). Throws on a nonce that could break out of the
 * header.
 * @param {string} nonce
 * @param {{ development?: boolean }} [options] `development`: the page is served by `next dev`
 * @returns {string}
 */
export function pageContentSecurityPolicy(nonce, { development = false } = {}) {
  if (!NONCE_SHAPE.test(nonce)) throw new Error("A CSP nonce must be at least 16 base64 characters.");
  return serialise([
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ]);
}

/**
 * The Content-Security-Policy of every response that is not a page (JSON, static files): nothing
 * may load or run in it, and nothing may frame it.
 */
export const NON_PAGE_CONTENT_SECURITY_POLICY = serialise([
  ["default-src", "'none'"],
  ["base-uri", "'none'"],
  ["form-action", "'none'"],
  ["frame-ancestors", "'none'"],
]);

/** Headers that are the same on every response, page or not. @type {readonly SecurityHeader[]} */
export const COMMON_SECURITY_HEADERS = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** Sent only on responses to requests that reached the reverse proxy over HTTPS. @type {SecurityHeader} */
export const STRICT_TRANSPORT_SECURITY = { key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" };

/**
 * 16 random bytes in base64: unguessable, and only characters a CSP nonce-source allows.
 * @returns {string}
 */
export function createNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The security headers of a response that is not a page, served outside Next.js (the agents' door
 * on node:http: `npm start`'s `/api/v1` and `npm run gateway`): the same as {@link staticHeaderRules}
 * give such a response inside Next.js.
 * @param {string | null | undefined} forwardedProto the request's `X-Forwarded-Proto`
 * @returns {SecurityHeader[]}
 */
export function nonPageSecurityHeaders(forwardedProto) {
  return [
    ...COMMON_SECURITY_HEADERS,
    { key: "Content-Security-Policy", value: NON_PAGE_CONTENT_SECURITY_POLICY },
    ...(forwardedProto === "https" ? [STRICT_TRANSPORT_SECURITY] : []),
  ];
}

/** The path prefixes `proxy.ts` does not run on; their responses take the non-page policy. */
export const NON_PAGE_PREFIXES = /** @type {const} */ (["/api/", "/oauth/", "/.well-known/", "/_next/"]);

/**
 * One `next.config` `headers()` rule.
 * @typedef {{ readonly source: string; readonly has?: Array<{ type: "header"; key: string; value: string }>; readonly headers: SecurityHeader[] }} HeaderRule
 */

/**
 * The `next.config` `headers()` rules: the common headers everywhere, the non-page policy under
 * {@link NON_PAGE_PREFIXES} (pages get theirs, with a nonce, from the proxy), and HSTS wherever the
 * reverse proxy says the request came over HTTPS (`X-Forwarded-Proto: https`). Trusting that
 * header for HSTS is safe: a browser ignores HSTS received over plain HTTP (RFC 6797 §8.1), so a
 * client that forges it gains nothing.
 * @returns {HeaderRule[]}
 */
export function staticHeaderRules() {
  return [
    { source: "/:path*", headers: [...COMMON_SECURITY_HEADERS] },
    ...NON_PAGE_PREFIXES.map((prefix) => ({
      source: `${prefix}:path*`,
      headers: [{ key: "Content-Security-Policy", value: NON_PAGE_CONTENT_SECURITY_POLICY }],
    })),
    { source: "/:path*", has: [{ type: "header", key: "x-forwarded-proto", value: "https" }], headers: [STRICT_TRANSPORT_SECURITY] },
  ];
}
