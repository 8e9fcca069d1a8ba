/**
 * Host binding (SPEC §5.1): the hosts a credential may be sent to. A pattern is an exact host
 * name or IP address, or `*.example.com`.
 *
 * Decisions:
 * - Hosts compare in the form the WHATWG URL parser gives a request's `url.hostname`: lower-case,
 *   internationalised names in punycode (`bücher.de` is `xn--bcher-kva.de`), IPv4 in dotted
 *   decimal, IPv6 in brackets. Patterns are normalised the same way when they are parsed, so a
 *   pattern and a request URL written differently for one host always agree.
 * - A trailing dot is ignored on both sides (`example.com.` is `example.com`).
 * - `*.example.com` admits one or more labels before `example.com` (`a.example.com`,
 *   `a.b.example.com`) but NOT `example.com` itself: the apex is often a different service (a
 *   marketing site, another team), so it must be listed on its own when wanted.
 * - The wildcard is a whole leftmost label only, over at least two labels (`*.com` is refused).
 *   Without a public-suffix list, `*.co.uk` cannot be told apart from `*.acme.io`; editors see
 *   the hosts a credential admits, and tools must still pass the destination guard.
 * - No bare `*`, no scheme, port, path, user info or IP wildcard: a credential is bound to names.
 */

const WILDCARD_PREFIX = "*.";
const MAX_HOST_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
/** Anything that makes a pattern more than a host: scheme or port (`:` outside brackets), path, query, fragment, user info, space. */
const NOT_A_HOST = /[/?#@\\\s]/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** `host` as a request URL's hostname would spell it, trailing dot dropped; null when it is not a host. */
export function canonicalHost(host: string): string | null {
  if (host === "" || NOT_A_HOST.test(host)) return null;
  if (!host.startsWith("[") && host.includes(":")) return null;
  let parsed: URL;
  try {
    parsed = new URL(`http://${host}/`);
  } catch {
    return null;
  }
  // A port, even the default one, means the input was more than a host.
  if (parsed.port !== "" || parsed.host !== parsed.hostname) return null;
  const name = parsed.hostname.endsWith(".") ? parsed.hostname.slice(0, -1) : parsed.hostname;
  return name === "" ? null : name;
}

function isIpAddress(host: string): boolean {
  return host.startsWith("[") || IPV4.test(host);
}

function labelProblem(host: string): string | null {
  if (host.length > MAX_HOST_LENGTH) return `is longer than ${MAX_HOST_LENGTH} characters`;
  const labels = host.split(".");
  if (labels.some((label) => label === "")) return "has an empty label (two dots in a row)";
  if (labels.some((label) => label.length > MAX_LABEL_LENGTH)) return `has a label longer than ${MAX_LABEL_LENGTH} characters`;
  return null;
}

export type HostPatternResult = { readonly pattern: string } | { readonly problem: string };

/** The normalised form of a host pattern, or why it is not one (a sentence fragment for a form). */
export function parseHostPattern(raw: string): HostPatternResult {
  const text = raw.trim();
  if (text === "") return { problem: "is empty: enter a host such as api.example.com" };
  if (text === "*") return { problem: "may not be * alone: list the hosts (or *.example.com)" };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return { problem: `"${text}" has a scheme: enter the host only (api.example.com)` };
  const wildcard = text.startsWith(WILDCARD_PREFIX);
  const rest = wildcard ? text.slice(WILDCARD_PREFIX.length) : text;
  if (rest.includes("*")) return { problem: `"${text}" may use * only as the whole first label (*.example.com)` };
  const host = canonicalHost(rest);
  if (host === null) return { problem: `"${text}" is not a host name: no scheme, port, path or user info` };
  if (!isIpAddress(host)) {
    const problem = labelProblem(host);
    if (problem) return { problem: `"${text}" ${problem}` };
  }
  if (!wildcard) return { pattern: host };
  if (isIpAddress(host)) return { problem: `"${text}" puts a wildcard on an IP address` };
  if (!host.includes(".")) return { problem: `"${text}" is too broad: a wildcard needs at least two labels after it (*.example.com)` };
  return { pattern: `${WILDCARD_PREFIX}${host}` };
}

/**
 * True when `host` (a request URL's hostname, or any spelling of a host) is admitted by one of
 * `patterns` (as stored: normalised by {@link parseHostPattern}). See the file comment for the rules.
 */
export function hostAdmitted(patterns: readonly string[], host: string): boolean {
  const candidate = canonicalHost(host);
  if (candidate === null) return false;
  return patterns.some((pattern) => {
    if (!pattern.startsWith(WILDCARD_PREFIX)) return canonicalHost(pattern) === candidate;
    const suffix = canonicalHost(pattern.slice(WILDCARD_PREFIX.length));
    return suffix !== null && candidate.length > suffix.length + 1 && candidate.endsWith(`.${suffix}`);
  });
}
