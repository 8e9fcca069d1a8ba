import { toErrorList, type RJSFSchema } from "@rjsf/utils";
import { describe, expect, it } from "vitest";
import { argumentsValidator } from "./arguments-validator";

const SCHEMA: RJSFSchema = {
  type: "object",
  properties: {
    location: {
      type: "object",
      properties: { city: { type: "string", title: "City" }, country: { type: "string", pattern: "^([A-Z]+)+$" } },
      required: ["city"],
    },
    days: { type: "integer", minimum: 1, maximum: 14 },
    unit: { type: "string", enum: ["metric", "imperial"] },
    note: { type: "string", minLength: 2, maxLength: 5 },
    trip: { type: "object", properties: { mode: { type: "string" } }, required: ["mode"] },
  },
  required: ["location"],
};

describe("argumentsValidator (RJSF's validator for the parameter forms)", () => {
  it("finds no error in valid arguments", () => {
    const { errors, errorSchema } = argumentsValidator.validateFormData({ location: { city: "Porto", country: "PT" }, days: 3 }, SCHEMA);
    expect(errors).toEqual([]);
    expect(errorSchema).toEqual({});
    expect(argumentsValidator.isValid(SCHEMA, { location: { city: "Porto" } }, SCHEMA)).toBe(true);
  });

  it.each([
    ["required", { location: {} }, "location.city", "City is required"],
    ["required, without a title", { location: { city: "Porto" }, days: 3, trip: {} }, "trip.mode", "mode is required"],
    ["type", { location: { city: "Porto" }, days: "3" }, "days", "must be integer"],
    ["enum", { location: { city: "Porto" }, unit: "kelvin" }, "unit", "must be equal to one of the allowed values"],
    ["minimum", { location: { city: "Porto" }, days: 0 }, "days", "must be >= 1"],
    ["maximum", { location: { city: "Porto" }, days: 15 }, "days", "must be <= 14"],
    ["minLength", { location: { city: "Porto" }, note: "a" }, "note", "must NOT have fewer than 2 characters"],
    ["maxLength", { location: { city: "Porto" }, note: "abcdef" }, "note", "must NOT have more than 5 characters"],
    ["pattern", { location: { city: "Porto", country: "pt" } }, "location.country", 'must match pattern "^([A-Z]+)+$"'],
  ])("puts a %s error next to its field, in the operator's words for a missing one and ajv's for the rest", (kind, formData, field, message) => {
    const { errors, errorSchema } = argumentsValidator.validateFormData(formData, SCHEMA);
    expect(errors).toEqual([expect.objectContaining({ name: kind.split(",")[0], message })]);
    expect(field.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], errorSchema)).toEqual({ __errors: [message] });
    expect(argumentsValidator.isValid(SCHEMA, formData, SCHEMA)).toBe(false);
  });

  it("answers a pattern a backtracking engine would stall on, so the tab stays responsive", () => {
    const formData = { location: { city: "Porto", country: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA!" } };
    expect(argumentsValidator.validateFormData(formData, SCHEMA).errors).toEqual([expect.objectContaining({ name: "pattern", property: ".location.country" })]);
    expect(argumentsValidator.isValid(SCHEMA, formData, SCHEMA)).toBe(false);
  });

  it("lists the errors for RJSF's error list (toErrorList), each with its place", () => {
    const { errorSchema } = argumentsValidator.validateFormData({ location: {}, days: 0 }, SCHEMA);
    expect(toErrorList(errorSchema).map((error) => error.stack)).toEqual([".location.city City is required", ".days must be >= 1"]);
  });

  it("gives the raw errors in ajv's shape, and a schema it cannot use as a validation error", () => {
    expect(argumentsValidator.rawValidation(SCHEMA, { location: { city: 5 } })).toEqual({
      errors: [expect.objectContaining({ keyword: "type", instancePath: "/location/city", schemaPath: "#/properties/location/properties/city/type", params: { type: "string" } })],
    });
    const unusable: RJSFSchema = { type: "string", pattern: "(?=a)a" };
    expect(argumentsValidator.rawValidation(unusable, "a")).toEqual({ validationError: expect.any(Error) });
    expect(argumentsValidator.isValid(unusable, "a", unusable)).toBe(false);
    expect(argumentsValidator.validateFormData("a", unusable).errors).toEqual([{ stack: expect.stringMatching(/^"\(\?=a\)a" uses what the linear-time matcher cannot run/) }]);
  });

  it("applies a form's transformErrors and customValidate, as RJSF's contract says", () => {
    const { errors, errorSchema } = argumentsValidator.validateFormData(
      { location: { city: "Porto" }, days: 0 },
      SCHEMA,
      (formData, errorsOf) => {
        if ((formData as { location: { city: string } }).location.city === "Porto") errorsOf.location?.city?.addError("no trips to Porto");
        return errorsOf;
      },
      (list) => list.map((error) => ({ ...error, message: `${error.message}!` })),
    );
    expect(errors.map((error) => error.message ?? error.stack)).toEqual(["must be >= 1!", "no trips to Porto"]);
    expect(errorSchema).toMatchObject({ days: { __errors: ["must be >= 1!"] }, location: { city: { __errors: ["no trips to Porto"] } } });
  });
});
