import { describe, expect, it } from "vitest";
import { concurrencyLimit } from "./concurrency-limit";

/** A task that runs until released, recording how many ran at once. */
function gate() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { release, done };
}

describe("concurrencyLimit", () => {
  it("runs at most `max` tasks at once, the rest in arrival order", async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, gate);
    const results = gates.map((task, index) =>
      limit(async () => {
        running++;
        most = Math.max(most, running);
        started.push(index);
        await task.done;
        running--;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    for (const task of gates) {
      task.release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it("frees the slot when a task fails", async () => {
    const limit = concurrencyLimit(1);
    await expect(limit(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await limit(async () => "next")).toBe("next");
  });
});
