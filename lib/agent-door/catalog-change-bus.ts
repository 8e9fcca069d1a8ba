/**
 * Where the MCP door's `notifications/tools/list_changed` come from (2026-07-28
 * `subscriptions/listen`): the stored catalog's stamp — one aggregate over tools and personas that
 * every save, switch, grant and deletion moves (lib/catalog/catalog-stamp.ts) — read every few
 * seconds while at least one agent listens, and a change announced on every open stream. The stamp
 * lives in the database, so a change made on any instance reaches the agents listening on every
 * instance, with nothing to wire between them; with no one listening, nothing is read.
 */
import { InMemoryServerEventBus, type ServerEvent, type ServerEventBus } from "@modelcontextprotocol/server";
import { observeChangeEventLag } from "../observability/metrics";

/** How often a listened-to catalog is read: a switch reaches listening agents within this (plus one read). */
export const CATALOG_POLL_MS = 2_000;

/** A {@link ServerEventBus} that publishes `tools_list_changed` when `readStamp` answers something new. */
export class CatalogChangeBus implements ServerEventBus {
  private readonly listeners = new InMemoryServerEventBus((error) => console.error("An MCP change listener failed:", error));
  private timer: ReturnType<typeof setInterval> | null = null;
  private stamp: Promise<string | null> = Promise.resolve(null);

  /**
   * `changedAt` says when the change a stamp records was saved (null when it cannot say, as for a
   * deletion); each announcement then records how long after the save it went out.
   */
  constructor(
    private readonly readStamp: () => Promise<string>,
    private readonly intervalMs = CATALOG_POLL_MS,
    private readonly changedAt: (stamp: string) => Date | null = () => null,
  ) {}

  publish(event: ServerEvent): void {
    this.listeners.publish(event);
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    const unsubscribe = this.listeners.subscribe(listener);
    if (this.timer === null) this.watch();
    return () => {
      unsubscribe();
      if (this.listeners.listenerCount === 0) this.stop();
    };
  }

  /** Reads the stamp now and compares it with the last one; a difference is announced. */
  async check(): Promise<void> {
    const previous = await this.stamp;
    this.stamp = this.readStamp().catch((error: unknown) => {
      // A failed read (the database away) announces nothing; the next read compares with the last good stamp.
      console.error("Reading the catalog stamp for MCP listeners failed:", error);
      return previous;
    });
    const current = await this.stamp;
    if (previous === null || current === null || current === previous) return;
    this.publish({ kind: "tools_list_changed" });
    const saved = this.changedAt(current);
    // A deletion leaves the latest save where it was: no lag to measure then.
    if (saved !== null && saved.getTime() !== this.changedAt(previous)?.getTime()) observeChangeEventLag("mcp_listeners", (Date.now() - saved.getTime()) / 1000);
  }

  private watch(): void {
    this.stamp = this.readStamp().catch(() => null);
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    // Listening agents must not keep a stopping process alive.
    this.timer.unref?.();
  }

  private stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}
