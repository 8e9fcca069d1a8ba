import { describe, expect, it } from "vitest";
import { text } from "../response";
import type { CallContext, ObjectSchema, Tool } from "../types";
import { ToolRegistry, type RegistryEntry } from "./registry";

// SPEC §3: a registry is built from tool classes as well as instances, factories and providers.
// A class is constructed with the run's binding, and the instance is the registry's to close.

interface Binding {
  readonly tenant: string;
  readonly log: string[];
}

const CALL: CallContext = { context: {} };

/** A class-defined tool: what it answers depends on the binding it was constructed with. */
class OrderLookup implements Tool {
  static constructed = 0;
  readonly name: string = "order_lookup";
  readonly description = "Looks up an order for the bound tenant.";
  readonly parameters: ObjectSchema = { type: "object", properties: {} };
  readonly sideEffect = false;
  readonly origin = "code" as const;

  constructor(readonly binding: Binding) {
    OrderLookup.constructed += 1;
  }

  async call() {
    return text(`orders of ${this.binding.tenant}`);
  }

  close(): void {
    this.binding.log.push(this.name);
  }
}

/** A subclass: its source starts with `class … extends`, and it must be recognised all the same. */
class RefundLookup extends OrderLookup {
  override readonly name = "refund_lookup";
}

/** A class whose constructor fails, as one with a missing collaborator would. */
class Unconfigured extends OrderLookup {
  constructor(binding: Binding) {
    super(binding);
    throw new Error("Unconfigured: no API client in the binding");
  }
}

function namedTool(name: string, log: string[]): Tool {
  return {
    name,
    description: `The ${name} tool.`,
    parameters: { type: "object", properties: {} },
    sideEffect: false,
    origin: "code",
    call: async () => text(name),
    close: () => {
      log.push(name);
    },
  };
}

describe("ToolRegistry with tool classes", () => {
  it("constructs a class with the binding and registers the instance", async () => {
    const binding: Binding = { tenant: "acme", log: [] };
    const before = OrderLookup.constructed;
    const registry = await ToolRegistry.create<Binding>([OrderLookup], { binding });
    const tool = registry.fetch("order_lookup");
    expect(tool).toBeInstanceOf(OrderLookup);
    expect((tool as OrderLookup).binding).toBe(binding);
    expect(OrderLookup.constructed - before).toBe(1);
    expect(await tool.call({}, CALL)).toMatchObject({ ok: true, content: "orders of acme" });
  });

  it("recognises subclasses and anonymous class expressions", async () => {
    const binding: Binding = { tenant: "acme", log: [] };
    const Anonymous = (() =>
      class extends OrderLookup {
        override readonly name = "anonymous_lookup";
      })();
    const registry = await ToolRegistry.create<Binding>([RefundLookup, Anonymous], { binding });
    expect(registry.names()).toEqual(["refund_lookup", "anonymous_lookup"]);
    expect(registry.tools().every((tool) => (tool as OrderLookup).binding === binding)).toBe(true);
  });

  it("still calls a plain function as a factory", async () => {
    const binding: Binding = { tenant: "acme", log: [] };
    function makeTool(bound: Binding): Tool {
      return namedTool(`made_for_${bound.tenant}`, bound.log);
    }
    const registry = await ToolRegistry.create<Binding>([makeTool], { binding });
    expect(registry.names()).toEqual(["made_for_acme"]);
  });

  it("owns what it constructed: closes it on close(), in reverse order with the rest", async () => {
    const log: string[] = [];
    const binding: Binding = { tenant: "acme", log };
    const borrowed = namedTool("borrowed", log);
    const registry = await ToolRegistry.create<Binding>([() => namedTool("first", log), OrderLookup, borrowed, RefundLookup], { binding });
    await registry.close();
    expect(log).toEqual(["refund_lookup", "order_lookup", "first"]);
  });

  it("closes the instances it constructed when building fails part-way", async () => {
    const log: string[] = [];
    const failure = ToolRegistry.create<Binding>([OrderLookup, Unconfigured, RefundLookup], { binding: { tenant: "acme", log } });
    await expect(failure).rejects.toThrow("Unconfigured: no API client in the binding");
    expect(log).toEqual(["order_lookup"]);
  });

  it("refuses a class whose instances are not tools", async () => {
    class NotATool {
      readonly name = "not_a_tool";
    }
    const entry = NotATool as unknown as RegistryEntry<Binding>;
    await expect(ToolRegistry.create<Binding>([entry], { binding: { tenant: "acme", log: [] } })).rejects.toThrow(
      "A tool class, factory or provider produced an object instead of a tool",
    );
  });
});
