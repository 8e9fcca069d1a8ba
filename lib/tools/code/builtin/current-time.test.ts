import { describe, expect, it } from "vitest";
import { currentTimeTool } from "./current-time";

const context = { context: {} };
// 2026-07-14T09:05:07Z: summer time in both hemispheres' northern zones, a Tuesday.
const fixed = new Date("2026-07-14T09:05:07.000Z");
const currentTime = currentTimeTool({ now: () => fixed });

describe("current_time", () => {
  it.each([
    ["defaults to UTC", {}, { time_zone: "UTC", local: "2026-07-14T09:05:07+00:00", utc_offset: "+00:00", weekday: "Tuesday" }],
    ["applies summer time", { time_zone: "Europe/Paris" }, { time_zone: "Europe/Paris", local: "2026-07-14T11:05:07+02:00", utc_offset: "+02:00" }],
    ["handles half-hour offsets", { time_zone: "Asia/Kolkata" }, { local: "2026-07-14T14:35:07+05:30", utc_offset: "+05:30" }],
    ["handles negative offsets", { time_zone: "America/New_York" }, { local: "2026-07-14T05:05:07-04:00", utc_offset: "-04:00" }],
    ["crosses the date line", { time_zone: "Pacific/Kiritimati" }, { local: "2026-07-14T23:05:07+14:00", weekday: "Tuesday" }],
    ["canonicalises the zone's case", { time_zone: "europe/paris" }, { time_zone: "Europe/Paris" }],
  ])("%s", async (_label, args, expected) => {
    const response = await currentTime.call(args, context);
    expect(response.ok).toBe(true);
    expect(response.ok && response.content).toMatchObject({ ...expected, utc: "2026-07-14T09:05:07.000Z" });
  });

  it("reads the clock at call time, not at definition time", async () => {
    let now = new Date("2026-01-01T00:00:00Z");
    const ticking = currentTimeTool({ now: () => now });
    now = new Date("2026-01-02T00:00:00Z");
    const response = await ticking.call({}, context);
    expect(response.ok && response.content).toMatchObject({ utc: "2026-01-02T00:00:00.000Z" });
  });

  it.each(["Mars/Olympus_Mons", "GMT+25", "Europe/"])("answers an unknown zone %s with an execution_error", async (zone) => {
    const response = await currentTime.call({ time_zone: zone }, context);
    expect(response).toMatchObject({ ok: false, errorType: "execution_error" });
    expect(!response.ok && response.message).toContain(`Unknown time zone "${zone}"`);
  });

  it.each([
    ["an empty zone", { time_zone: "" }],
    ["a non-string zone", { time_zone: 3 }],
    ["an undeclared argument", { zone: "UTC" }],
  ])("refuses %s before running", async (_label, args) => {
    const response = await currentTime.call(args, context);
    expect(response).toMatchObject({ ok: false, errorType: "validation_error" });
  });
});
