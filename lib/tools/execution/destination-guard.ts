/**
 * The destination guard (SPEC §1.5 step 4): an undici dispatcher that checks every address it is
 * about to connect to. Names are resolved by our own lookup, which refuses the connection when ANY
 * resolved address is not public (and not allowlisted) — the addresses checked are the ones the
 * socket then uses, so DNS rebinding cannot slip past. IP-literal hosts never reach a lookup, so
 * the connector checks them itself. Redirect hops go through the same dispatcher and are checked
 * the same way.
 */
import dns from "node:dns";
import net from "node:net";
import { Agent, buildConnector } from "undici";
import { classifyAddress, isAllowlisted, type AddressClass } from "./address-classification";

const BLOCKED_CODE = "QUIVER_BLOCKED_DESTINATION";

const CLASS_DESCRIPTIONS: Readonly<Record<AddressClass, string>> = {
  public: "a public address",
  loopback: "a loopback address",
  private: "a private-network address",
  link_local: "a link-local address",
  cgnat: "a carrier-grade NAT address",
  multicast: "a multicast address",
  broadcast: "the broadcast address",
  unspecified: "an unspecified address",
  unique_local: "an IPv6 unique-local address",
  metadata: "a cloud metadata address",
  reserved: "a reserved address",
  invalid: "not a valid address",
};

/** A connection the guard refused. Carries the host as written in the URL; never a header. */
export class BlockedDestinationError extends Error {
  readonly code = BLOCKED_CODE;

  constructor(
    readonly host: string,
    readonly address: string,
    readonly addressClass: AddressClass,
  ) {
    const where = host === address ? host : `${host} (resolves to ${address})`;
    super(
      `Destination blocked: ${where} is ${CLASS_DESCRIPTIONS[addressClass]}. ` +
        "Only public addresses are reachable unless the operator allowlist (QUIVER_DESTINATION_ALLOWLIST) admits it.",
    );
    this.name = "BlockedDestinationError";
  }
}

/** The refusal for connecting to `address` on behalf of `host`, or null when it is admitted. */
export function checkDestination(
  host: string,
  address: string,
  allowlist: readonly string[],
): BlockedDestinationError | null {
  const addressClass = classifyAddress(address);
  if (addressClass === "public" || isAllowlisted(address, host, allowlist)) return null;
  return new BlockedDestinationError(host, address, addressClass);
}

/** Finds a guard refusal in an error or its chain of causes (undici and net may wrap it). */
export function findBlockedDestination(error: unknown): BlockedDestinationError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof BlockedDestinationError) return current;
    current = current.cause;
  }
  return null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** Resolves every address of a name (dns.lookup with `all: true`). */
export type ResolveAll = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for net.connect that resolves every address of `hostname` and fails with a
 * BlockedDestinationError when any of them is refused, so no answer of a mixed (or rebinding)
 * name is ever connected to. `resolve` is the system resolver; tests pass a fixed one.
 */
export function guardedLookup(allowlist: readonly string[], resolve: ResolveAll = dns.lookup) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const refusal = checkDestination(hostname, address, allowlist);
        if (refusal) return callback(refusal, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} did not resolve`), { code: "ENOTFOUND" }), []);
      callback(null, first.address, first.family);
    });
  };
}

function guardedConnector(allowlist: readonly string[]): buildConnector.connector {
  const connect = buildConnector({ lookup: guardedLookup(allowlist) } as buildConnector.BuildOptions);
  return (options, callback) => {
    // Node skips `lookup` for IP literals, so those are checked here, before any socket exists.
    if (net.isIP(options.hostname) !== 0) {
      const refusal = checkDestination(options.hostname, options.hostname, allowlist);
      if (refusal) {
        queueMicrotask(() => callback(refusal, null));
        return;
      }
    }
    return connect(options, callback);
  };
}

const agents = new Map<string, Agent>();

/**
 * The guarded dispatcher for an allowlist. One Agent per distinct allowlist for the life of the
 * process, so connections to an upstream are pooled across calls.
 */
export function guardedAgent(allowlist: readonly string[]): Agent {
  const key = allowlist.join(",");
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ connect: guardedConnector([...allowlist]) });
    agents.set(key, agent);
  }
  return agent;
}
