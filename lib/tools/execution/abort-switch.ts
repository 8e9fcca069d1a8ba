/**
 * The switch that cancels a call (its deadline, or the caller giving up), and the one signal a
 * tool's caller hands it. An AbortSignal is such a signal; an {@link AbortSwitch} is a lighter
 * one: an `AbortController` with its `signal` and an `addEventListener`/`removeEventListener` pair
 * cost a visible share of a call on the agents' hot path (bench/README.md), where the switch is
 * a flag and a list. Code tools still receive a real AbortSignal (code-tool.ts links one).
 */

/** What a call needs of its caller's cancellation: whether it happened, and word when it does. */
export interface CancelSignal {
  readonly aborted: boolean;
  /** Why it was aborted, when the signal says (an AbortSignal's `reason`). */
  readonly reason?: unknown;
  addEventListener(type: "abort", listener: () => void, options?: { readonly once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/**
 * A {@link CancelSignal} thrown by hand. As with an AbortSignal, a listener added after the throw is
 * never called, and each listener is called once.
 */
export class AbortSwitch implements CancelSignal {
  aborted = false;
  private listeners: (() => void)[] = [];

  abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    const listeners = this.listeners;
    this.listeners = [];
    for (const listener of listeners) listener();
  }

  addEventListener(_type: "abort", listener: () => void): void {
    if (!this.aborted) this.listeners.push(listener);
  }

  removeEventListener(_type: "abort", listener: () => void): void {
    const at = this.listeners.indexOf(listener);
    if (at !== -1) this.listeners.splice(at, 1);
  }
}
