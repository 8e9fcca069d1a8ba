/**
 * OAuth2 access tokens for client-credentials credentials (SPEC §5.1), kept in memory only:
 * - cached until shortly before they expire (`expires_in` less a skew of 30 s, or less half the
 *   lifetime when that is shorter, so a short-lived token is still reused; no `expires_in` means
 *   a lifetime of 60 s, and a 401 refreshes a token that died sooner);
 * - fetched by one caller at a time: concurrent callers wait for the same request (single flight),
 *   and a failed request is shared by its waiters but not cached (the next call tries again);
 * - keyed by credential id AND version, so a credential saved with a new secret, client id, scope
 *   or token URL never uses a token fetched for its previous version;
 * - refreshed and retried once when the upstream answers 401 ({@link TokenManager.withTokenRetry}).
 * One manager per process; the app builds it with the guarded transport.
 */
import { requestAccessToken } from "./oauth2-token";
import { SpanKind, traced } from "../observability/tracing";
import type { TokenTransport } from "./token-transport";
import type { CredentialRef, OAuth2ClientCredentials } from "./types";

/** What a token call needs to know about one stored OAuth2 credential. */
export interface OAuth2Binding {
  readonly ref: CredentialRef;
  readonly credential: OAuth2ClientCredentials;
  /** Decrypts the client secret; called only when a token must be fetched. */
  readonly clientSecret: () => Promise<string>;
}

export interface AccessToken {
  /** The bearer token: a plaintext secret, to be redacted wherever a response may echo it. */
  readonly value: string;
  /** When the token is refreshed (ms since the epoch, by the manager's clock). */
  readonly refreshAt: number;
  /** When the endpoint said it expires; null when it did not say. */
  readonly expiresAt: number | null;
  /** The scopes granted, when the endpoint named them. */
  readonly scopes: readonly string[] | null;
}

export interface TokenManagerOptions {
  readonly transport: TokenTransport;
  /** The clock, in ms since the epoch (tests move it by hand). Default Date.now. */
  readonly now?: () => number;
  readonly refreshSkewMs?: number;
  readonly defaultLifetimeMs?: number;
}

export interface RetriedCall<T> {
  readonly result: T;
  /** Every token the call carried (one, or two after a 401): plaintexts for the redactor. */
  readonly tokens: readonly string[];
}

const DEFAULT_SKEW_MS = 30_000;
const DEFAULT_LIFETIME_MS = 60_000;

interface Slot {
  readonly version: string;
  token: AccessToken | null;
  inflight: Promise<AccessToken> | null;
}

/** Caches, refreshes and retries OAuth2 access tokens; see the file comment for the rules. */
export class TokenManager {
  private readonly slots = new Map<string, Slot>();
  private readonly transport: TokenTransport;
  private readonly now: () => number;
  private readonly skewMs: number;
  private readonly defaultLifetimeMs: number;

  constructor(options: TokenManagerOptions) {
    this.transport = options.transport;
    this.now = options.now ?? Date.now;
    this.skewMs = options.refreshSkewMs ?? DEFAULT_SKEW_MS;
    this.defaultLifetimeMs = options.defaultLifetimeMs ?? DEFAULT_LIFETIME_MS;
  }

  /** A token for `binding`: the cached one while it is fresh, else the one being fetched, else a new one. */
  token(binding: OAuth2Binding): Promise<AccessToken> {
    const slot = this.slotFor(binding.ref);
    if (slot.token !== null && this.now() < slot.token.refreshAt) return Promise.resolve(slot.token);
    return this.fetch(slot, binding);
  }

  /**
   * A token other than `rejected` (one the upstream answered 401 to): the one another caller has
   * fetched since, the one being fetched, or a new one. Never fetches twice for one rejection.
   */
  refresh(binding: OAuth2Binding, rejected: string): Promise<AccessToken> {
    const slot = this.slotFor(binding.ref);
    if (slot.inflight !== null) return slot.inflight;
    if (slot.token !== null && slot.token.value !== rejected && this.now() < slot.token.refreshAt) return Promise.resolve(slot.token);
    slot.token = null;
    return this.fetch(slot, binding);
  }

  /**
   * Runs `call` with a token; when `isUnauthorized` says the upstream refused it (a 401), refreshes
   * the token once and runs `call` once more, returning that second result whatever it is — never
   * a loop. `call` should not throw with the token in its error: the executor's sendRequest returns
   * every ending as a value, which is what this expects.
   */
  async withTokenRetry<T>(binding: OAuth2Binding, call: (token: string) => Promise<T>, isUnauthorized: (result: T) => boolean): Promise<RetriedCall<T>> {
    const first = await this.token(binding);
    const result = await call(first.value);
    if (!isUnauthorized(result)) return { result, tokens: [first.value] };
    const second = await this.refresh(binding, first.value);
    const retried = await call(second.value);
    return { result: retried, tokens: second.value === first.value ? [first.value] : [first.value, second.value] };
  }

  /** Drops every token of credential `id` (deleted, or its secret cleared). */
  forget(id: string): void {
    this.slots.delete(id);
  }

  private slotFor(ref: CredentialRef): Slot {
    const version = String(ref.version);
    const existing = this.slots.get(ref.id);
    if (existing?.version === version) return existing;
    const slot: Slot = { version, token: null, inflight: null };
    this.slots.set(ref.id, slot);
    return slot;
  }

  private fetch(slot: Slot, binding: OAuth2Binding): Promise<AccessToken> {
    if (slot.inflight !== null) return slot.inflight;
    const flight = (async () => {
      const tokenHost = { "server.address": new URL(binding.credential.tokenUrl).hostname };
      const response = await traced("fetch token", { kind: SpanKind.CLIENT, attributes: tokenHost }, async () =>
        requestAccessToken(binding.credential, await binding.clientSecret(), this.transport),
      );
      const token = this.tokenFrom(response.accessToken, response.expiresIn, response.scopes);
      // A version saved meanwhile has its own slot: this token belongs to the old one and is dropped.
      if (this.slots.get(binding.ref.id) === slot) slot.token = token;
      return token;
    })();
    slot.inflight = flight;
    const settle = (): void => {
      if (slot.inflight === flight) slot.inflight = null;
    };
    flight.then(settle, settle);
    return flight;
  }

  private tokenFrom(value: string, expiresIn: number | null, scopes: readonly string[] | null): AccessToken {
    const fetchedAt = this.now();
    const lifetime = expiresIn === null ? this.defaultLifetimeMs : expiresIn * 1000;
    return {
      value,
      refreshAt: fetchedAt + lifetime - Math.min(this.skewMs, lifetime / 2),
      expiresAt: expiresIn === null ? null : fetchedAt + lifetime,
      scopes,
    };
  }
}
