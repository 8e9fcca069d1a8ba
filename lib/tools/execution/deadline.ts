/**
 * Call deadlines on one shared, coarse ticker instead of a timer per call. Arming and clearing a
 * Node timer measured about 6 µs per call between network round trips (a visible share of the
 * executor's overhead in bench/executor.ts); adding to a list costs almost nothing. A deadline
 * fires within {@link DEADLINE_RESOLUTION_MS} after it is due — ample for whole-second timeouts.
 */

export const DEADLINE_RESOLUTION_MS = 50;

interface Deadline {
  readonly dueAt: number;
  readonly onExpire: () => void;
  /** Its place in {@link armed}; -1 once it fired or was disarmed. */
  at: number;
}

/**
 * The armed deadlines, in no order: an array whose last entry fills a removed one's place, not a
 * Set. A Set kept for the process's life and changed on every call reallocates its table as
 * entries come and go, and the scavenger then keeps what the dead tables point to — here a call's
 * whole state (bench/README.md, "what outlives a call").
 */
const armed: Deadline[] = [];
let ticker: NodeJS.Timeout | null = null;

function remove(deadline: Deadline): void {
  const last = armed.pop()!;
  if (last !== deadline) {
    armed[deadline.at] = last;
    last.at = deadline.at;
  }
  deadline.at = -1;
}

function tick(): void {
  if (armed.length === 0) {
    // Idle for a whole tick: stop, so an idle process keeps no timer running.
    clearInterval(ticker ?? undefined);
    ticker = null;
    return;
  }
  const now = performance.now();
  let due: Deadline[] | null = null;
  for (let index = 0; index < armed.length; index++) {
    if (armed[index]!.dueAt <= now) (due ??= []).push(armed[index]!);
  }
  if (due === null) return;
  due.sort((a, b) => a.dueAt - b.dueAt);
  for (const deadline of due) {
    // One that an earlier callback disarmed does not fire.
    if (deadline.at === -1) continue;
    remove(deadline);
    deadline.onExpire();
  }
}

/**
 * Calls `onExpire` once `ms` milliseconds from now, unless the returned disarm function is called
 * first. Deadlines due in the same tick fire in the order they fell due. The ticker never keeps
 * the process alive by itself.
 */
export function armDeadline(ms: number, onExpire: () => void): () => void {
  const deadline: Deadline = { dueAt: performance.now() + ms, onExpire, at: armed.length };
  armed.push(deadline);
  if (ticker === null) {
    ticker = setInterval(tick, DEADLINE_RESOLUTION_MS);
    ticker.unref();
  }
  return () => {
    if (deadline.at !== -1) remove(deadline);
  };
}
