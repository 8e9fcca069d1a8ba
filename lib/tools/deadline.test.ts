import { describe, expect, it } from "vitest";
import { armDeadline } from "./deadline";

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("armDeadline", () => {
  it("calls back once the deadline is due", async () => {
    const fired = await new Promise<boolean>((resolve) => {
      armDeadline(10, () => resolve(true));
    });
    expect(fired).toBe(true);
  });

  it("never calls back once disarmed", async () => {
    let calls = 0;
    const disarm = armDeadline(10, () => {
      calls += 1;
    });
    disarm();
    // A later deadline that does fire proves the ticker ran past the first one's due time.
    await new Promise<void>((resolve) => armDeadline(30, resolve));
    expect(calls).toBe(0);
  });

  it("fires each deadline once, in any order of arming", async () => {
    const order: string[] = [];
    const done = new Promise<void>((resolve) => armDeadline(40, () => resolve()));
    armDeadline(20, () => order.push("late"));
    armDeadline(1, () => order.push("early"));
    await done;
    await settle(60);
    expect(order.sort()).toEqual(["early", "late"]);
  });
});
