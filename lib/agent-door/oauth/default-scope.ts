/**
 * The scope of an authorization request that names none (issue 24). oidc-provider grants only
 * what a request's `scope` asks for, so a request naming a persona's MCP URL as its resource but no
 * scope ends in `access_denied` even once an admin approved it. Clients may leave `scope` out (the
 * MCP conformance suite's authorization code grant does; so may any plain OAuth client), and RFC 6749
 * §3.3 lets the server then use a default: here, the scope of each persona the request names.
 */
import { AUTHORIZATION_PATH, personaOfResource } from "./oauth-urls";
import { personaScope } from "./provider";

/**
 * Request target `target` (path and query) with the default scope added: when it is a GET of the
 * authorization endpoint without a `scope`, naming one or more of `origin`'s persona MCP URLs as
 * `resource`, each of their scopes. Any other target comes back as it is (a resource naming no
 * persona is the provider's `invalid_target` to answer).
 */
export function withDefaultScope(method: string | undefined, target: string, origin: string): string {
  const at = target.indexOf("?");
  if (method !== "GET" || at === -1 || target.slice(0, at) !== AUTHORIZATION_PATH) return target;
  const query = new URLSearchParams(target.slice(at + 1));
  if ((query.get("scope") ?? "").trim() !== "") return target;
  const slugs = query.getAll("resource").map((resource) => personaOfResource(origin, resource));
  if (slugs.length === 0 || slugs.some((slug) => slug === null)) return target;
  query.set("scope", [...new Set(slugs)].map((slug) => personaScope(slug as string)).join(" "));
  return `${AUTHORIZATION_PATH}?${query}`;
}
