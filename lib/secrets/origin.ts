/**
 * The origin a secret is bound to (issue 8): scheme, host and port of the tool's URL. A stored
 * secret stays with the origin it was entered for, so an editor cannot point a tool at their own
 * server and receive a colleague's key: a save that changes the origin keeps no stored value.
 */

const SCHEME_AND_AUTHORITY = /^(https?):\/\/([^/?#]*)/i;
const DEFAULT_PORTS: Readonly<Record<string, string>> = { "http:": "80", "https:": "443" };

/**
 * `scheme://host:port` of a tool URL template, lower-cased, the port always written (defaults
 * filled in), host names in their ASCII form. The host is literal by SPEC §1.2 (placeholders live
 * in the path and query only), so only the part before the path is read. Throws a TypeError for
 * a URL a validated definition cannot have.
 */
export function secretOrigin(url: string): string {
  const match = SCHEME_AND_AUTHORITY.exec(url);
  if (!match) throw new TypeError("A tool URL must start with http:// or https:// and a host.");
  const parsed = new URL(`${match[1]}://${match[2]}/`);
  return `${parsed.protocol}//${parsed.hostname}:${parsed.port || DEFAULT_PORTS[parsed.protocol]}`;
}
