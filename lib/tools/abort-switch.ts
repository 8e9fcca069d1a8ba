/**
 * The switch that cancels a call (its deadline, or the caller giving up), and the one signal a
 * tool's caller hands it. An AbortSignal is such a signal; an {@link AbortSwitch} is a lighter
 * one: an `AbortController` with its `signal` and an `addEventListener`/`removeEventListener` pair
 * cost a visible share of a call on the agents' hot path (bench/README.md), where the switch is
 * a flag and a set. Code tools still receive a real AbortSignal (code-tool.ts links one).
 */

/** What a call needs of its caller's cancellation: whether it happened, and word when it does. */
export interface CancelSignal {
  readonly aborted: boolean;
  /** Why it was aborted, when the signal says (an AbortSignal's `reason`). */
  readonly reason?: unknown;
  /** Adds `listener`, called when the signal is aborted — at most once, since an abort happens once. */
  addEventListener(type: "abort", listener: () => void): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/**
 * A {@link CancelSignal} thrown by hand, with an AbortSignal's listener rules: a listener added
 * twice is called once, one added after the throw never, and one removed by another listener
 * during the throw is not called. A request or redirect hop that starts after the throw reads
 * `aborted` and fails at once.
 */
export class AbortSwitch implements CancelSignal {
  #aborted = false;
  readonly #listeners = new Set<() => void>();

  get aborted(): boolean {
    return this.#aborted;
  }

  /** Throws the switch: calls every listener once, in the order they were added. Later throws do nothing. */
  abort(): void {
    if (this.#aborted) return;
    this.#aborted = true;
    // A Set iterates live: a listener removed by an earlier one is skipped.
    for (const listener of this.#listeners) listener();
    this.#listeners.clear();
  }

  addEventListener(_type: "abort", listener: () => void): void {
    if (!this.#aborted) this.#listeners.add(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    this.#listeners.delete(listener);
  }
}
