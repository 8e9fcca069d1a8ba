/**
 * The switch that cancels a call (its deadline, or the caller giving up), and the one signal a
 * tool's caller hands it. An AbortSignal is such a signal; an {@link AbortSwitch} is a lighter
 * one: an `AbortController` with its `signal` and an `addEventListener`/`removeEventListener` pair
 * cost a visible share of a call on the agents' hot path (bench/README.md), where the switch is
 * a flag and a short list. Code tools still receive a real AbortSignal (code-tool.ts links one).
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
 *
 * The listeners are an array, not a Set: a switch holds one or two at a time, and every call on
 * agents' hot path makes two switches and adds and removes a listener on each — a Set's table,
 * and the smaller table V8 allocates for it when one of few entries is deleted, cost more than
 * scanning one or two entries.
 */
export class AbortSwitch implements CancelSignal {
  #aborted = false;
  /** In the order added; none: null. During the throw a removed listener leaves a hole, so the walk stays in step. */
  #listeners: ((() => void) | null)[] | null = null;

  get aborted(): boolean {
    return this.#aborted;
  }

  /** Throws the switch: calls every listener once, in the order they were added. Later throws do nothing. */
  abort(): void {
    if (this.#aborted) return;
    this.#aborted = true;
    const listeners = this.#listeners;
    if (listeners === null) return;
    for (const listener of listeners) listener?.();
    this.#listeners = null;
  }

  addEventListener(_type: "abort", listener: () => void): void {
    if (this.#aborted) return;
    if (this.#listeners === null) this.#listeners = [listener];
    else if (!this.#listeners.includes(listener)) this.#listeners.push(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    const listeners = this.#listeners;
    if (listeners === null) return;
    const at = listeners.indexOf(listener);
    if (at === -1) return;
    // Listeners are left only while the switch is being thrown (it drops them after): a hole, not a shift.
    if (this.#aborted) listeners[at] = null;
    else if (listeners.length === 1) this.#listeners = null;
    else listeners.splice(at, 1);
  }
}
