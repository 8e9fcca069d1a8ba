/**
 * Address classification for the destination guard (SPEC §1.5 step 4). Pure: it never resolves
 * or connects. Only a `public` address may be reached unless the operator allowlist admits it.
 * IPv6 forms that carry an IPv4 address (mapped, translated, NAT64) are judged by that address,
 * so `::ffff:127.0.0.1` is loopback, not "some IPv6 address".
 */
import ipaddr from "ipaddr.js";

export type AddressClass =
  | "public"
  | "loopback"
  | "private"
  | "link_local"
  | "cgnat"
  | "multicast"
  | "broadcast"
  | "unspecified"
  | "unique_local"
  | "metadata"
  | "reserved"
  | "invalid";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Cloud instance-metadata endpoints: AWS/GCP/Azure/Oracle, Alibaba, AWS over IPv6, and Azure's
 * WireServer (168.63.129.16, a public address that hands out VM configuration).
 */
const METADATA_ADDRESSES = ["169.254.169.254", "100.100.100.200", "fd00:ec2::254", "168.63.129.16"].map((ip) => ipaddr.parse(ip));

const IPV4_CLASSES: Readonly<Record<string, AddressClass>> = {
  unicast: "public",
  loopback: "loopback",
  private: "private",
  linkLocal: "link_local",
  carrierGradeNat: "cgnat",
  multicast: "multicast",
  broadcast: "broadcast",
  unspecified: "unspecified",
};

const IPV6_CLASSES: Readonly<Record<string, AddressClass>> = {
  unicast: "public",
  loopback: "loopback",
  linkLocal: "link_local",
  multicast: "multicast",
  unspecified: "unspecified",
  uniqueLocal: "unique_local",
  // fec0::/10 was IPv6's first private range; some stacks still route it locally.
  deprecatedSiteLocal: "private",
};

/** NAT64 (64:ff9b::/96) and IPv4-translated (::ffff:0:0:0/96) carry an IPv4 in the last 32 bits. */
const EMBEDDING_IPV4 = [ipaddr.parseCIDR("64:ff9b::/96"), ipaddr.parseCIDR("::ffff:0:0:0/96")] as const;

function parse(ip: string): Address | null {
  const bare = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  try {
    // process() turns ::ffff:a.b.c.d into the IPv4 address it maps.
    return ipaddr.process(bare);
  } catch {
    return null;
  }
}

function sameAddress(a: Address, b: Address): boolean {
  return a.kind() === b.kind() && a.toNormalizedString() === b.toNormalizedString();
}

function classifyIPv6(address: ipaddr.IPv6): AddressClass {
  const embedding = EMBEDDING_IPV4.find(([network, bits]) => address.match(network, bits));
  if (embedding) {
    const [a, b] = address.parts.slice(6) as [number, number];
    return classifyParsed(new ipaddr.IPv4([a >> 8, a & 0xff, b >> 8, b & 0xff]));
  }
  const range = address.range();
  // ::/96 other than :: and ::1 is the deprecated IPv4-compatible form; nothing public lives there.
  if (range === "unicast" && address.parts.slice(0, 6).every((part) => part === 0)) return "reserved";
  return IPV6_CLASSES[range] ?? "reserved";
}

function classifyParsed(address: Address): AddressClass {
  if (METADATA_ADDRESSES.some((metadata) => sameAddress(metadata, address))) return "metadata";
  if (address.kind() === "ipv4") return IPV4_CLASSES[address.range()] ?? "reserved";
  return classifyIPv6(address as ipaddr.IPv6);
}

/** What kind of destination `ip` is. Anything that is not an IP address is `invalid`. */
export function classifyAddress(ip: string): AddressClass {
  const address = parse(ip);
  return address ? classifyParsed(address) : "invalid";
}

type AllowlistMatcher =
  | { readonly kind: "cidr"; readonly range: [Address, number] }
  | { readonly kind: "ip"; readonly address: Address }
  | { readonly kind: "host"; readonly host: string };

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/i;

function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, "");
}

function compileEntry(entry: string): AllowlistMatcher | null {
  if (ipaddr.isValidCIDR(entry)) {
    const [network, bits] = ipaddr.parseCIDR(entry);
    // An IPv4-mapped network (::ffff:10.0.0.0/104) is compared in IPv4 terms, like the addresses.
    if (network.kind() === "ipv6" && (network as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
      return { kind: "cidr", range: [(network as ipaddr.IPv6).toIPv4Address(), bits - 96] };
    }
    return { kind: "cidr", range: [network, bits] };
  }
  const address = parse(entry);
  if (address) return { kind: "ip", address };
  const host = normaliseHost(entry);
  return HOST_NAME.test(host) ? { kind: "host", host } : null;
}

/** True when `entry` is something the allowlist understands: a CIDR, an IP address or a host name. */
export function isValidAllowlistEntry(entry: string): boolean {
  return compileEntry(entry.trim()) !== null;
}

const compiledAllowlists = new WeakMap<readonly string[], readonly AllowlistMatcher[]>();

function compileAllowlist(allowlist: readonly string[]): readonly AllowlistMatcher[] {
  let compiled = compiledAllowlists.get(allowlist);
  if (!compiled) {
    compiled = allowlist.map((entry) => compileEntry(entry.trim())).filter((m): m is AllowlistMatcher => m !== null);
    compiledAllowlists.set(allowlist, compiled);
  }
  return compiled;
}

/**
 * True when the operator allowlist admits a connection to `ip` for `host` (the name in the URL):
 * an entry may be a CIDR containing the address, the address itself, or the host name.
 */
export function isAllowlisted(ip: string, host: string, allowlist: readonly string[]): boolean {
  if (allowlist.length === 0) return false;
  const address = parse(ip);
  const name = normaliseHost(host);
  return compileAllowlist(allowlist).some((matcher) => {
    if (matcher.kind === "host") return matcher.host === name;
    if (!address) return false;
    if (matcher.kind === "ip") return sameAddress(matcher.address, address);
    return address.kind() === matcher.range[0].kind() && address.match(matcher.range);
  });
}
