/**
 * What an agent learns when a tool's upstream could not be reached (issue 25): the failure in words
 * and a stable code — never the address, port or DNS detail the operator sees in the playground and
 * the call log ("Request to api.internal failed: connect ECONNREFUSED 10.1.2.3:443").
 */

/** The stable codes, with what each says to an agent. */
export const NETWORK_FAILURES = {
  connection_refused: "the upstream refused the connection",
  host_not_found: "the upstream's host name could not be resolved",
  connection_reset: "the upstream closed the connection before answering",
  tls_failed: "the secure connection (TLS) to the upstream failed",
  network_error: "the upstream could not be reached",
} as const;

export type NetworkFailure = keyof typeof NETWORK_FAILURES;

const BY_CODE: ReadonlyArray<readonly [RegExp, NetworkFailure]> = [
  [/^ECONNREFUSED$/, "connection_refused"],
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/, "host_not_found"],
  [/^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/, "connection_reset"],
  [/^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_VERIFY|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT)/, "tls_failed"],
];

/** The failure `error` (or an error in its `cause` chain) stands for, by its system or undici code. */
export function networkFailureOf(error: unknown): NetworkFailure {
  for (let current: unknown = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code !== "string") continue;
    const match = BY_CODE.find(([pattern]) => pattern.test(code));
    if (match) return match[1];
  }
  return "network_error";
}

/** The sentence an agent gets for `failure`. */
export function networkFailureMessage(failure: NetworkFailure): string {
  return `The tool could not reach its upstream: ${NETWORK_FAILURES[failure]} (${failure}).`;
}

export const isNetworkFailure = (value: unknown): value is NetworkFailure => typeof value === "string" && Object.hasOwn(NETWORK_FAILURES, value);
