import { afterEach, describe, expect, it, vi } from "vitest";
import { ValidationError } from "../../errors";
import { error, json, text, toolResponseToJSON, type ToolResponse } from "../response";
import { AbortSwitch } from "../abort-switch";
import type { CallContext, ObjectSchema } from "../types";
import {
  BrokenToolError,
  callWithValidation,
  DEFAULT_CODE_TOOL_TIMEOUT_SECONDS,
  defineTool,
  ToolExecutionError,
  type CodeToolOptions,
} from "./code-tool";

const parameters: ObjectSchema = {
  type: "object",
  properties: { city: { type: "string" }, days: { type: "integer", minimum: 1 } },
  required: ["city"],
  additionalProperties: false,
};

const context: CallContext = { context: { tenant: "acme" } };

function tool(call: CodeToolOptions["call"], extra: Partial<CodeToolOptions> = {}) {
  return defineTool({ name: "weather", description: "Weather for a city.", parameters, call, ...extra });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("defineTool", () => {
  it("builds a frozen code tool with documented defaults", () => {
    const weather = tool(async () => text("ok"));
    expect(weather).toMatchObject({ name: "weather", origin: "code", sideEffect: false, timeoutSeconds: DEFAULT_CODE_TOOL_TIMEOUT_SECONDS });
    expect(Object.isFrozen(weather)).toBe(true);
    expect(tool(async () => text("ok"), { sideEffect: true, timeoutSeconds: 3 })).toMatchObject({ sideEffect: true, timeoutSeconds: 3 });
  });

  it.each([
    ["an upper-case name", { name: "Weather" }, "name"],
    ["a name with a dash", { name: "get-weather" }, "name"],
    ["a name starting with a digit", { name: "1weather" }, "name"],
    ["a 65-character name", { name: `a${"b".repeat(64)}` }, "name"],
    ["a blank description", { description: "   " }, "description"],
    ["a non-object root", { parameters: { type: "string" } as unknown as ObjectSchema }, "parameters.type"],
    ["parameters that are not a schema", { parameters: "city" as unknown as ObjectSchema }, "parameters"],
    ["the flat parameter list (sugar for documents only)", { parameters: [{ name: "city", type: "string" }] as unknown as ObjectSchema }, "parameters"],
    ["anyOf (outside the safe subset)", { parameters: { type: "object", properties: { city: { type: "string", anyOf: [] } } } as ObjectSchema }, "parameters.properties.city.anyOf"],
    ["an untyped sub-schema", { parameters: { type: "object", properties: { city: { description: "no type" } } } as unknown as ObjectSchema }, "parameters.properties.city.type"],
    ["an array without items", { parameters: { type: "object", properties: { ids: { type: "array" } } } as ObjectSchema }, "parameters.properties.ids.items"],
    ["a top-level name that breaks the name rule", { parameters: { type: "object", properties: { "City-Name": { type: "string" } } } as ObjectSchema }, "parameters.properties.City-Name"],
    ["a zero timeout", { timeoutSeconds: 0 }, "timeoutSeconds"],
    ["a timeout over the limit", { timeoutSeconds: 121 }, "timeoutSeconds"],
    ["a NaN timeout", { timeoutSeconds: Number.NaN }, "timeoutSeconds"],
  ])("refuses %s", (_label, override, path) => {
    let thrown: unknown;
    try {
      tool(async () => text("ok"), override);
    } catch (caught) {
      thrown = caught;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).issues.map((issue) => issue.path)).toEqual([path]);
  });

  it("lists every problem at once, parameters included", () => {
    const broken = { type: "object", properties: { a: { type: "string", oneOf: [] }, b: { type: ["string", "null"] } } } as unknown as ObjectSchema;
    let thrown: unknown;
    try {
      tool(async () => text("ok"), { name: "Bad", parameters: broken });
    } catch (caught) {
      thrown = caught;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).issues).toEqual([
      { path: "name", message: expect.any(String) },
      { path: "parameters.properties.a.oneOf", message: expect.stringContaining("not every model provider supports it") },
      { path: "parameters.properties.b.type", message: expect.stringContaining("single type") },
    ]);
  });

  it("keeps the parameters as written, frozen, giving a root without properties an empty one", () => {
    expect(tool(async () => text("ok")).parameters).toEqual(parameters);
    expect(Object.isFrozen(tool(async () => text("ok")).parameters.properties)).toBe(true);
    const bare = tool(async () => text("ok"), { parameters: { type: "object" } as ObjectSchema });
    expect(bare.parameters).toEqual({ type: "object", properties: {} });
  });

  it("routes the tool's own call through validation", async () => {
    const implementation = vi.fn(async () => text("sunny"));
    const weather = tool(implementation);
    const response = await weather.call({ days: 0 }, context);
    expect(response).toMatchObject({ ok: false, errorType: "validation_error" });
    expect(implementation).not.toHaveBeenCalled();
  });

  it("passes validated arguments and the turn context to the implementation", async () => {
    const weather = tool(async (args, call) => json({ args, tenant: call.context.tenant, signalled: call.signal instanceof AbortSignal }));
    const response = await weather.call({ city: "Lyon", days: 2 }, context);
    expect(response).toMatchObject({ ok: true, content: { args: { city: "Lyon", days: 2 }, tenant: "acme", signalled: true } });
  });
});

describe("callWithValidation", () => {
  const implementation = (call: CodeToolOptions["call"], timeoutSeconds = 15) => ({ name: "weather", parameters, timeoutSeconds, call });

  it("lists every argument problem in one validation_error", async () => {
    const response = await callWithValidation(implementation(async () => text("x")), { days: 0, extra: true }, context);
    expect(response.ok).toBe(false);
    if (response.ok) return;
    expect(response.errorType).toBe("validation_error");
    expect(response.message).toContain("city is required");
    expect(response.message).toContain("days must be >= 1");
    expect(response.message).toContain("extra is not a declared parameter");
    expect(response.details?.issues).toHaveLength(3);
  });

  it("fills in schema defaults the arguments omit before validating and calling, leaving the input as it was", async () => {
    const seen: unknown[] = [];
    const withDefaults = {
      name: "weather",
      timeoutSeconds: 15,
      parameters: { ...parameters, properties: { ...parameters.properties, days: { type: "integer", minimum: 1, default: 3 } } } as ObjectSchema,
      call: async (args: unknown) => {
        seen.push(args);
        return text("ok");
      },
    };
    const args = { city: "Lyon" };
    expect(await callWithValidation(withDefaults, args, context)).toMatchObject({ ok: true });
    expect(seen).toEqual([{ city: "Lyon", days: 3 }]);
    expect(args).toEqual({ city: "Lyon" });
  });

  it.each([
    ["null", null],
    ["an array", []],
    ["a string", "Lyon"],
  ])("refuses %s as arguments", async (_label, args) => {
    const response = await callWithValidation(implementation(async () => text("x")), args, context);
    expect(response).toMatchObject({ ok: false, errorType: "validation_error", message: "Invalid arguments: arguments must be a JSON object" });
  });

  it.each<[string, () => Promise<ToolResponse>, Partial<Record<string, unknown>>]>([
    ["a text result", async () => text("sunny"), { ok: true, kind: "text", content: "sunny" }],
    ["an error the tool chose", async () => error("No such city", "execution_error"), { ok: false, errorType: "execution_error", message: "No such city" }],
    [
      "a thrown ToolExecutionError",
      async () => {
        throw new ToolExecutionError("City not found: Atlantis");
      },
      { ok: false, errorType: "execution_error", message: "City not found: Atlantis" },
    ],
    [
      "an unexpected exception",
      async () => {
        throw new TypeError("cannot read properties of undefined (reading 'secret-internal')");
      },
      { ok: false, errorType: "unhandled_error", message: 'Tool "weather" failed unexpectedly.' },
    ],
    [
      "a synchronous throw",
      () => {
        throw new Error("sync boom");
      },
      { ok: false, errorType: "unhandled_error" },
    ],
    [
      "a thrown non-Error",
      async () => {
        throw "a string";
      },
      { ok: false, errorType: "unhandled_error" },
    ],
  ])("folds %s", async (_label, call, expected) => {
    const response = await callWithValidation(implementation(call), { city: "Lyon" }, context);
    expect(response).toMatchObject(expected);
  });

  it("keeps an unexpected error as cause for logs but never serialises it", async () => {
    const boom = new Error("database password is hunter2");
    const response = await callWithValidation(
      implementation(async () => {
        throw boom;
      }),
      { city: "Lyon" },
      context,
    );
    expect(response.ok === false && response.cause).toBe(boom);
    expect(JSON.stringify(toolResponseToJSON(response))).not.toContain("hunter2");
  });

  it.each([
    ["undefined", undefined],
    ["a plain string", "sunny"],
    ["a look-alike object", { ok: true, kind: "text", content: "sunny", halt: null, metadata: {} }],
  ])("throws when call returns %s (a broken tool is a broken deploy)", async (_label, value) => {
    const broken = implementation(async () => value as ToolResponse);
    await expect(callWithValidation(broken, { city: "Lyon" }, context)).rejects.toBeInstanceOf(BrokenToolError);
  });

  it("times out, aborts the tool's signal and ignores a late rejection", async () => {
    vi.useFakeTimers();
    let seen: AbortSignal | undefined;
    let rejectLate: (reason: unknown) => void = () => {};
    const hanging = implementation(
      (_args, call) =>
        new Promise<ToolResponse>((_resolve, reject) => {
          seen = call.signal;
          rejectLate = reject;
        }),
      2,
    );
    const pending = callWithValidation(hanging, { city: "Lyon" }, context);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(seen?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ ok: false, errorType: "timeout_error", message: "Tool execution timed out after 2 seconds" });
    expect(seen?.aborted).toBe(true);
    expect((seen?.reason as DOMException).name).toBe("TimeoutError");
    rejectLate(new Error("too late"));
  });

  it("says fractional timeouts as written", async () => {
    vi.useFakeTimers();
    const pending = callWithValidation(implementation(() => new Promise<ToolResponse>(() => {}), 0.25), { city: "Lyon" }, context);
    await vi.advanceTimersByTimeAsync(250);
    await expect(pending).resolves.toMatchObject({ message: "Tool execution timed out after 0.25 seconds" });
  });

  // The caller's signal is an AbortSignal (the playground, MCP) or the door's lighter AbortSwitch: the tool sees an AbortSignal either way.
  const callers = [
    { kind: "an AbortController's signal", start: () => { const controller = new AbortController(); return { signal: controller.signal, abort: () => controller.abort() }; } },
    { kind: "an AbortSwitch", start: () => { const signal = new AbortSwitch(); return { signal, abort: () => signal.abort() }; } },
  ];

  it.each(callers)("forwards the caller's abort to the tool ($kind)", async ({ start }) => {
    const caller = start();
    let seen: AbortSignal | undefined;
    const pending = callWithValidation(
      implementation(
        (_args, call) =>
          new Promise<ToolResponse>((_resolve, reject) => {
            seen = call.signal;
            call.signal.addEventListener("abort", () => reject(new ToolExecutionError("Cancelled by the caller")));
          }),
      ),
      { city: "Lyon" },
      { ...context, signal: caller.signal },
    );
    await vi.waitFor(() => expect(seen).toBeInstanceOf(AbortSignal));
    caller.abort();
    await expect(pending).resolves.toMatchObject({ errorType: "execution_error", message: "Cancelled by the caller" });
    expect(seen?.aborted).toBe(true);
  });

  it.each(callers)("starts with an aborted signal when the caller already gave up ($kind)", async ({ start }) => {
    const caller = start();
    caller.abort();
    const response = await callWithValidation(
      implementation(async (_args, call) => text(String(call.signal.aborted))),
      { city: "Lyon" },
      { ...context, signal: caller.signal },
    );
    expect(response).toMatchObject({ ok: true, content: "true" });
  });
});
