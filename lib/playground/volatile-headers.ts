/**
 * HTTP headers whose values change from one exchange to the next (issue 26): connection
 * management (RFC 9110 §7.6.1's hop-by-hop fields), dates and cache validators, and per-request
 * trace ids. An upstream that echoes headers in its body (httpbin and its kind, the mock upstream)
 * would otherwise have a new test case expect `connection: keep-alive` or today's `date`, and the
 * case would fail for no fault of the tool. Pure and browser-safe.
 */
const VOLATILE_HEADERS: ReadonlySet<string> = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "date",
  "age",
  "expires",
  "last-modified",
  "etag",
  "set-cookie",
  "x-request-id",
  "request-id",
  "x-amzn-trace-id",
  "traceparent",
  "cf-ray",
  "server-timing",
  "via",
]);

/** Whether the last of `segments` is a volatile header inside a set of headers (`headers`, `response_headers`, `responseHeaders`). */
function volatileAt(segments: readonly string[]): boolean {
  if (segments.length < 2) return false;
  const [parent, name] = segments.slice(-2) as [string, string];
  return parent.toLowerCase().endsWith("headers") && VOLATILE_HEADERS.has(name.toLowerCase());
}

/**
 * Whether dotted `path` names a volatile header inside a headers object: `headers.date`,
 * `response_headers.Transfer-Encoding`. A `date` that is not inside headers (an order's date) is data.
 */
export function isVolatileHeaderPath(path: string): boolean {
  return volatileAt(path.split("."));
}

/** `value` parsed when it is JSON text (a body handed back whole), else as it is. */
function asDocument(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

/** Whether `value` (or the JSON document a string holds) has a volatile header anywhere inside. */
export function holdsVolatileHeader(value: unknown): boolean {
  const walk = (node: unknown, path: readonly string[]): boolean => {
    if (typeof node !== "object" || node === null) return false;
    return Object.entries(node).some(([key, child]) => {
      const at = [...path, key];
      return volatileAt(at) || walk(child, at);
    });
  };
  return walk(asDocument(value), []);
}
