import { describe, expect, it } from "vitest";
import { ConflictError, NotFoundError, ValidationError } from "../../errors";
import { text } from "../response";
import type { Tool } from "../types";
import { ToolRegistry, type RegistryEntry } from "./registry";

/** A tool that records its closing in `log`; `closeFails` makes its close throw. */
function makeTool(name: string, log: string[] = [], options: { description?: string; closeFails?: boolean; asyncClose?: boolean } = {}): Tool {
  return {
    name,
    description: options.description ?? `The ${name} tool.`,
    parameters: { type: "object", properties: {} },
    sideEffect: false,
    origin: "code",
    call: async () => text(name),
    close: options.asyncClose
      ? async () => {
          await Promise.resolve();
          log.push(name);
          if (options.closeFails) throw new Error(`${name} failed to close`);
        }
      : () => {
          log.push(name);
          if (options.closeFails) throw new Error(`${name} failed to close`);
        },
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (caught) {
    return caught;
  }
  throw new Error("expected a rejection");
}

describe("ToolRegistry building", () => {
  it("accepts instances, factories, providers and nested arrays, binding the new tools", async () => {
    const binding = { tenant: "acme" };
    const seen: unknown[] = [];
    const registry = await ToolRegistry.create(
      [
        makeTool("alpha"),
        (bound: typeof binding) => {
          seen.push(bound);
          return makeTool("beta");
        },
        [[() => [makeTool("gamma"), makeTool("delta")]]],
        {
          tools: (bound: typeof binding) => {
            seen.push(bound);
            return [makeTool("epsilon")];
          },
        },
      ],
      { binding },
    );
    expect(registry.names()).toEqual(["alpha", "beta", "gamma", "delta", "epsilon"]);
    expect(registry.tools().map((tool) => tool.name)).toEqual(registry.names());
    expect(seen).toEqual([binding, binding]);
    expect(registry.has("gamma")).toBe(true);
    expect(registry.has("zeta")).toBe(false);
    expect(registry.fetch("delta").name).toBe("delta");
  });

  it("throws NotFoundError for an unknown tool", async () => {
    const registry = await ToolRegistry.create([makeTool("alpha")]);
    expect(() => registry.fetch("omega")).toThrow(NotFoundError);
    expect(() => registry.fetch("omega")).toThrow("Unknown tool: omega");
  });

  it("lists the tools as provider specifications", async () => {
    const registry = await ToolRegistry.create([makeTool("alpha"), makeTool("beta")]);
    expect(registry.specifications("anthropic").map((spec) => spec.name)).toEqual(["alpha", "beta"]);
    expect(registry.specifications("openai")[0]).toMatchObject({ type: "function", function: { name: "alpha" } });
  });

  it.each([
    ["an empty name", ""],
    ["a 65-character name", "a".repeat(65)],
    ["a name with a space", "look up"],
    ["a name with a dot", "orders.lookup"],
    ["a name with a slash", "orders/lookup"],
    ["a non-ASCII name", "café"],
    ["a non-string name", 42 as unknown as string],
  ])("refuses %s with a ValidationError naming it", async (_label, name) => {
    const failure = await rejection(ToolRegistry.create([makeTool(name)]));
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).issues).toEqual([{ path: "tools.0.name", message: expect.stringContaining(JSON.stringify(name)) }]);
  });

  it.each([["a 64-character name", "a".repeat(64)], ["a one-letter name", "x"], ["mixed case, digits, _ and -", "Get-Order_2"]])(
    "accepts %s",
    async (_label, name) => {
      const registry = await ToolRegistry.create([makeTool(name)]);
      expect(registry.names()).toEqual([name]);
    },
  );

  it.each([
    ["a missing description", undefined],
    ["an empty description", ""],
    ["a blank description", " \n\t "],
  ])("refuses %s", async (_label, description) => {
    const tool = { ...makeTool("alpha"), description: description as string };
    const failure = await rejection(ToolRegistry.create([tool]));
    expect(failure).toBeInstanceOf(ValidationError);
    expect((failure as ValidationError).issues).toEqual([{ path: "tools.0.description", message: 'tool "alpha" needs a description' }]);
  });

  it("lists every problem of a batch in one error", async () => {
    const failure = await rejection(ToolRegistry.create([makeTool("bad name"), makeTool("ok"), { ...makeTool("quiet"), description: "" }]));
    expect((failure as ValidationError).issues.map((issue) => issue.path)).toEqual(["tools.0.name", "tools.2.description"]);
  });

  it.each<[string, RegistryEntry<unknown>]>([
    ["two instances", [makeTool("alpha"), makeTool("alpha")]],
    ["an instance and a factory", [makeTool("alpha"), () => makeTool("alpha")]],
    ["one provider", { tools: () => [makeTool("alpha"), makeTool("alpha")] }],
    ["the same instance twice", (() => {
      const tool = makeTool("alpha");
      return [tool, tool];
    })()],
  ])("refuses a collision within one call (%s)", async (_label, entries) => {
    const failure = await rejection(ToolRegistry.create(entries));
    expect(failure).toBeInstanceOf(ConflictError);
    expect((failure as Error).message).toBe("Tool name collision: alpha");
  });

  it("refuses a collision across calls and leaves the registry unchanged", async () => {
    const log: string[] = [];
    const registry = await ToolRegistry.create([makeTool("alpha")]);
    const failure = await rejection(registry.register([() => makeTool("beta", log), () => makeTool("alpha", log)]));
    expect(failure).toBeInstanceOf(ConflictError);
    expect((failure as Error).message).toBe("Tool name collision: alpha");
    expect(registry.names()).toEqual(["alpha"]);
    expect(log).toEqual(["beta", "alpha"]);
  });

  it.each<[string, RegistryEntry<unknown>, string]>([
    ["a number", 7 as unknown as RegistryEntry<unknown>, "found a number"],
    ["null", null as unknown as RegistryEntry<unknown>, "found null"],
    ["a plain object", { name: "x" } as unknown as RegistryEntry<unknown>, "a provider (an object with tools) or an array of them; found an object"],
    ["a factory returning a string", (() => "alpha") as unknown as RegistryEntry<unknown>, "produced a string instead of a tool"],
  ])("refuses %s as an entry", async (_label, entry, message) => {
    await expect(ToolRegistry.create([entry])).rejects.toThrow(message);
  });
});

describe("ToolRegistry cleanup when building fails", () => {
  it("closes every tool already created before rethrowing, but not supplied instances", async () => {
    const log: string[] = [];
    const boom = new Error("factory exploded");
    const failure = await rejection(
      ToolRegistry.create([
        makeTool("supplied", log),
        () => makeTool("first", log),
        { tools: () => [makeTool("second", log, { asyncClose: true })] },
        () => {
          throw boom;
        },
        () => makeTool("never", log),
      ]),
    );
    expect(failure).toBe(boom);
    expect(log).toEqual(["first", "second"]);
  });

  it("reports a cleanup failure together with the original error", async () => {
    const log: string[] = [];
    const failure = await rejection(ToolRegistry.create([() => makeTool("first", log, { closeFails: true }), () => makeTool("bad name", log)]));
    expect(failure).toBeInstanceOf(AggregateError);
    const errors = (failure as AggregateError).errors;
    expect(errors[0]).toBeInstanceOf(ValidationError);
    expect((errors[1] as Error).message).toBe("first failed to close");
    expect(log).toEqual(["first", "bad name"]);
  });

  it("does not close a created tool that is already registered", async () => {
    const log: string[] = [];
    const shared = makeTool("shared", log);
    const registry = await ToolRegistry.create([() => shared]);
    await expect(registry.register([() => shared, () => makeTool("bad name", log)], { replace: true })).rejects.toThrow(ValidationError);
    expect(log).toEqual(["bad name"]);
    expect(registry.fetch("shared")).toBe(shared);
  });
});

describe("ToolRegistry replace", () => {
  it("replaces a taken name, keeps its place and closes the old owned tool after the new one is in", async () => {
    const log: string[] = [];
    const registry = await ToolRegistry.create([() => makeTool("alpha", log), () => makeTool("beta", log)]);
    const newer = makeTool("alpha", log);
    await registry.register(() => newer, { replace: true });
    expect(registry.fetch("alpha")).toBe(newer);
    expect(registry.names()).toEqual(["alpha", "beta"]);
    expect(log).toEqual(["alpha"]);
    await registry.close();
    // The replacement was registered after beta, so it closes before it.
    expect(log).toEqual(["alpha", "alpha", "beta"]);
  });

  it("keeps the old tool and closes the new ones when a replacement fails validation", async () => {
    const log: string[] = [];
    const old = makeTool("alpha", log);
    const registry = await ToolRegistry.create([() => old]);
    const failure = await rejection(
      registry.register([() => makeTool("alpha", log), () => ({ ...makeTool("beta", log), description: "" })], { replace: true }),
    );
    expect(failure).toBeInstanceOf(ValidationError);
    expect(registry.fetch("alpha")).toBe(old);
    expect(registry.names()).toEqual(["alpha"]);
    expect(log).toEqual(["alpha", "beta"]);
    log.length = 0;
    await registry.close();
    expect(log).toEqual(["alpha"]);
  });

  it("still refuses a duplicate within the replacing call", async () => {
    const registry = await ToolRegistry.create([makeTool("alpha")]);
    await expect(registry.register([makeTool("alpha"), makeTool("alpha")], { replace: true })).rejects.toThrow("Tool name collision: alpha");
  });

  it("does not close a replaced borrowed instance", async () => {
    const log: string[] = [];
    const registry = await ToolRegistry.create([makeTool("alpha", log)]);
    await registry.register(makeTool("alpha", log), { replace: true });
    expect(log).toEqual([]);
  });

  it("reports a replaced tool that fails to close, with the replacement in place", async () => {
    const log: string[] = [];
    const registry = await ToolRegistry.create([() => makeTool("alpha", log, { closeFails: true })]);
    const newer = makeTool("alpha", log);
    const failure = await rejection(registry.register(() => newer, { replace: true }));
    expect(failure).toBeInstanceOf(AggregateError);
    expect((failure as AggregateError).message).toContain("alpha");
    expect(registry.fetch("alpha")).toBe(newer);
  });
});

describe("ToolRegistry close", () => {
  it("closes owned tools once each, in reverse order of registration, and never borrowed ones", async () => {
    const log: string[] = [];
    const registry = await ToolRegistry.create([() => makeTool("a", log), makeTool("borrowed", log), { tools: () => [makeTool("b", log, { asyncClose: true })] }]);
    await registry.register(() => [makeTool("c", log), makeTool("d", log)]);
    await registry.close();
    expect(log).toEqual(["d", "c", "b", "a"]);
  });

  it("is idempotent", async () => {
    const log: string[] = [];
    const registry = await ToolRegistry.create([() => makeTool("a", log)]);
    const first = registry.close();
    expect(registry.close()).toBe(first);
    await first;
    await registry.close();
    expect(log).toEqual(["a"]);
  });

  it("keeps closing past failures and reports them together", async () => {
    const log: string[] = [];
    const registry = await ToolRegistry.create([
      () => makeTool("a", log),
      () => makeTool("b", log, { closeFails: true }),
      () => makeTool("c", log),
      () => makeTool("d", log, { closeFails: true, asyncClose: true }),
    ]);
    const failure = await rejection(registry.close());
    expect(log).toEqual(["d", "c", "b", "a"]);
    expect(failure).toBeInstanceOf(AggregateError);
    expect((failure as AggregateError).errors.map((error: Error) => error.message)).toEqual(["d failed to close", "b failed to close"]);
    await expect(registry.close()).rejects.toBe(failure);
    expect(log).toHaveLength(4);
  });

  it("skips tools without close", async () => {
    const { close: _close, ...plain } = makeTool("plain");
    const registry = await ToolRegistry.create([() => plain]);
    await expect(registry.close()).resolves.toBeUndefined();
  });

  it("refuses registration after close", async () => {
    const registry = await ToolRegistry.create([makeTool("a")]);
    await registry.close();
    await expect(registry.register(makeTool("b"))).rejects.toThrow("Tool registry is closed");
    expect(registry.names()).toEqual(["a"]);
  });

  it("closes at the end of an `await using` block", async () => {
    const log: string[] = [];
    {
      await using registry = await ToolRegistry.create([() => makeTool("a", log), () => makeTool("b", log)]);
      expect(registry.names()).toEqual(["a", "b"]);
      expect(log).toEqual([]);
    }
    expect(log).toEqual(["b", "a"]);
  });
});
