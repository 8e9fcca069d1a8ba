import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertUnitsTool } from "./convert-units";
import { dimensionOf, fromBase, toBase, UNIT_NAMES } from "./units";

const context = { context: {} };
const convertUnits = convertUnitsTool();

describe("convert_units", () => {
  it.each([
    [1, "km", "m", 1000],
    [1, "mi", "km", 1.609344],
    [12, "in", "ft", 1],
    [3, "ft", "yd", 1],
    [1, "lb", "oz", 16],
    [1, "kg", "lb", 2.20462262185],
    [2500, "mg", "g", 2.5],
    [1, "t", "kg", 1000],
    [100, "celsius", "fahrenheit", 212],
    [-40, "celsius", "fahrenheit", -40],
    [32, "fahrenheit", "celsius", 0],
    [0, "kelvin", "celsius", -273.15],
    [0.1 + 0.2, "m", "m", 0.3],
  ])("%d %s is %d %s", async (value, from, to, result) => {
    const response = await convertUnits.call({ value, from, to }, context);
    expect(response).toMatchObject({ ok: true, content: { value, from, to, result } });
  });

  it.each([
    ["length to mass", "km", "kg", "Cannot convert length (km) to mass (kg)"],
    ["temperature to length", "celsius", "m", "Cannot convert temperature (celsius) to length (m)"],
  ])("answers %s with an execution_error", async (_label, from, to, message) => {
    const response = await convertUnits.call({ value: 1, from, to }, context);
    expect(response).toMatchObject({ ok: false, errorType: "execution_error" });
    expect(!response.ok && response.message).toContain(message);
  });

  it.each([
    [-1, "kelvin"],
    [-274, "celsius"],
    [-460, "fahrenheit"],
  ])("refuses %d %s as below absolute zero", async (value, from) => {
    const response = await convertUnits.call({ value, from, to: "celsius" }, context);
    expect(response).toMatchObject({ ok: false, errorType: "execution_error", message: `${value} ${from} is below absolute zero.` });
  });

  it("refuses a result too large to represent", async () => {
    const response = await convertUnits.call({ value: 1e308, from: "mi", to: "mm" }, context);
    expect(response).toMatchObject({ ok: false, errorType: "execution_error" });
  });

  it.each([
    ["an unknown unit", { value: 1, from: "furlong", to: "m" }],
    ["a missing value", { from: "m", to: "km" }],
    ["a string value", { value: "1", from: "m", to: "km" }],
  ])("refuses %s before running", async (_label, args) => {
    const response = await convertUnits.call(args, context);
    expect(response).toMatchObject({ ok: false, errorType: "validation_error" });
  });

  it("round-trips any value through any pair of compatible units", () => {
    const unit = fc.constantFrom(...UNIT_NAMES);
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), unit, unit, (value, from, to) => {
        fc.pre(dimensionOf(from) === dimensionOf(to));
        const back = fromBase(toBase(fromBase(toBase(value, from), to), to), from);
        expect(back).toBeCloseTo(value, 6);
      }),
      { numRuns: 300 },
    );
  });
});
