/**
 * Where a client secret may be sent. Decision: a token URL is absolute `https:`; plain `http:` is
 * accepted only for a loopback host (`localhost`, 127.0.0.0/8, `[::1]`), where the secret never
 * crosses a network — that is what tests and a local development token server need. Whether
 * loopback is reachable at all is still the destination guard's call at fetch time.
 */

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** True for a URL hostname that names this machine. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOST.test(hostname);
}

/** Why `url` cannot be a token endpoint, or null when it can. */
export function tokenUrlProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "must be an absolute URL such as https://auth.example.com/oauth/token";
  }
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && isLoopbackHost(parsed.hostname))) {
    return "must use https:// (http:// only on a loopback host)";
  }
  if (parsed.username !== "" || parsed.password !== "") return "may not carry a user name or password: the client id and secret have their own fields";
  if (parsed.hash !== "") return "may not have a #fragment";
  return null;
}
