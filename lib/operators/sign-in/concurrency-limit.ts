/**
 * A cap on how many tasks run at once; the others wait their turn in arrival order. Sign-in
 * uses it for bcrypt, which takes about a quarter of a second of CPU per attempt: a burst of
 * sign-ins then queues instead of starving every other request of the server's cores.
 */

/** Runs each given task once fewer than `max` are running. */
export function concurrencyLimit(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < max) running++;
    // A finishing task hands its slot straight to the next in line, so `running` stays counted.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
