/**
 * Call deadlines on one shared, coarse ticker instead of a timer per call. Arming and clearing a
 * Node timer measured about 6 µs per call between network round trips (a visible share of the
 * executor's overhead in bench/executor.ts); adding to a set costs almost nothing. A deadline
 * fires within {@link DEADLINE_RESOLUTION_MS} after it is due — ample for whole-second timeouts.
 */

export const DEADLINE_RESOLUTION_MS = 50;

interface Deadline {
  readonly dueAt: number;
  readonly onExpire: () => void;
}

const armed = new Set<Deadline>();
let ticker: NodeJS.Timeout | null = null;

function tick(): void {
  if (armed.size === 0) {
    // Idle for a whole tick: stop, so an idle process keeps no timer running.
    clearInterval(ticker ?? undefined);
    ticker = null;
    return;
  }
  const now = performance.now();
  for (const deadline of armed) {
    if (deadline.dueAt <= now) {
      armed.delete(deadline);
      deadline.onExpire();
    }
  }
}

/**
 * Calls `onExpire` once `ms` milliseconds from now, unless the returned disarm function is called
 * first. The ticker never keeps the process alive by itself.
 */
export function armDeadline(ms: number, onExpire: () => void): () => void {
  const deadline: Deadline = { dueAt: performance.now() + ms, onExpire };
  armed.add(deadline);
  if (ticker === null) {
    ticker = setInterval(tick, DEADLINE_RESOLUTION_MS);
    ticker.unref();
  }
  return () => {
    armed.delete(deadline);
  };
}
