/**
 * Who is on the other end of a request (issue 25, finding 2): the client address sign-in
 * throttling and the audit trail record. `X-Forwarded-For` is whatever a client writes, so it is
 * believed only as far as `QUIVER_TRUSTED_PROXIES` says:
 * - empty (the default): no proxy is trusted — the address is the socket's peer;
 * - a hop count (`1`, `2`): that many proxies stand in front of Quiver — the address is the entry
 *   that many places from the right of the chain (`X-Forwarded-For` entries, then the socket's
 *   peer), the one the outermost trusted proxy saw;
 * - addresses and CIDR ranges (`10.0.0.0/8, 127.0.0.1`): walking the chain from the right, trusted
 *   addresses are skipped — the address is the first one not trusted.
 * A chain shorter than the trust reaches gives its left-most entry. Addresses are normalised
 * (`::ffff:192.0.2.1` is `192.0.2.1`); an entry that is not an address ends the walk there.
 */
import ipaddr from "ipaddr.js";
import { ValidationError } from "../errors";

export type TrustedProxies =
  | { readonly kind: "none" }
  | { readonly kind: "hops"; readonly count: number }
  | { readonly kind: "ranges"; readonly ranges: readonly (readonly [ipaddr.IPv4 | ipaddr.IPv6, number])[] };

const MAX_HOPS = 16;

/** Reads `QUIVER_TRUSTED_PROXIES`; a value that is neither a hop count nor a list of addresses and ranges is a ValidationError naming it. */
export function trustedProxiesFromEnv(env: Readonly<Record<string, string | undefined>>): TrustedProxies {
  const text = env.QUIVER_TRUSTED_PROXIES?.trim() ?? "";
  if (text === "") return { kind: "none" };
  if (/^\d+$/.test(text)) {
    const count = Number(text);
    if (count >= 1 && count <= MAX_HOPS) return { kind: "hops", count };
  } else {
    const entries = text.split(",").map((entry) => entry.trim()).filter(Boolean);
    const ranges = entries.map(rangeOf);
    if (ranges.every((range) => range !== null)) return { kind: "ranges", ranges: ranges as [ipaddr.IPv4 | ipaddr.IPv6, number][] };
  }
  throw new ValidationError([{
    path: "QUIVER_TRUSTED_PROXIES",
    message: `must be a number of proxies from 1 to ${MAX_HOPS}, or addresses and CIDR ranges separated by commas (e.g. 10.0.0.0/8, 127.0.0.1); found "${text}"`,
  }]);
}

function rangeOf(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] | null {
  try {
    if (entry.includes("/")) {
      const [address, prefix] = ipaddr.parseCIDR(entry);
      return [normalised(address), address.kind() === "ipv6" && normalised(address).kind() === "ipv4" ? prefix - 96 : prefix];
    }
    const address = normalised(ipaddr.parse(entry));
    return [address, address.kind() === "ipv4" ? 32 : 128];
  } catch {
    return null;
  }
}

function normalised(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress() ? (address as ipaddr.IPv6).toIPv4Address() : address;
}

/** `text` as a normalised address, or null when it is not one. */
function addressOf(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.trim().replace(/^\[(.*)\]$/, "$1");
  return ipaddr.isValid(bare) ? normalised(ipaddr.parse(bare)) : null;
}

function isTrusted(address: ipaddr.IPv4 | ipaddr.IPv6, ranges: Extract<TrustedProxies, { kind: "ranges" }>["ranges"]): boolean {
  return ranges.some(([base, prefix]) => base.kind() === address.kind() && address.match(base, prefix));
}

/** The client address of a request that arrived from `socketAddress` carrying `forwardedFor` (the header's value, if any). */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trusted: TrustedProxies): string {
  const peer = socketAddress === undefined ? null : addressOf(socketAddress);
  if (peer === null) return "unknown";
  if (trusted.kind === "none" || !forwardedFor) return peer.toString();
  const chain = [...forwardedFor.split(",").map(addressOf), peer];
  if (trusted.kind === "hops") {
    const index = Math.max(chain.length - 1 - trusted.count, 0);
    // Within the trusted hops every entry was written by a proxy; one that is not an address ends there.
    for (let at = chain.length - 1; at > index; at -= 1) if (chain[at - 1] === null) return chain[at]!.toString();
    return chain[index]!.toString();
  }
  let at = chain.length - 1;
  while (at > 0 && isTrusted(chain[at]!, trusted.ranges) && chain[at - 1] !== null) at -= 1;
  return chain[at]!.toString();
}

/** The header the one-port server sets on every request it hands to Next.js (any a client sent is replaced). */
export const CLIENT_ADDRESS_HEADER = "x-quiver-client-address";
