/**
 * A data-defined tool as a {@link Tool}: the definition bound to where its secrets come from and
 * the execution configuration, so a registry, a persona or the runtime API can call it like any
 * code tool. Connections are pooled by the shared guarded dispatcher, so there is nothing to close.
 */
import type { Tool, ToolDefinition } from "../types";
import { withSchemaDefaults } from "./argument-defaults";
import { DEFAULT_EXECUTION_CONFIG, type ExecutionConfig } from "./execution-config";
import { executeTool, type ExecuteOptions } from "./executor";
import { toolOutputSchema } from "../definition";

export interface DataToolOptions {
  /** Header name → plaintext, asked for only when a request is about to be sent. */
  readonly secrets?: ExecuteOptions["secrets"];
  /** The credential step for a definition declaring `auth` (see ExecuteOptions). */
  readonly authorize?: ExecuteOptions["authorize"];
  readonly config?: ExecutionConfig;
}

/** Binds `def` to its secrets, credential step and configuration. Arguments an agent omits that have a schema default receive it (SPEC §8). */
export function dataTool(def: ToolDefinition, options: DataToolOptions = {}): Tool {
  const config = options.config ?? DEFAULT_EXECUTION_CONFIG;
  const outputSchema = toolOutputSchema(def);
  return Object.freeze({
    name: def.name,
    description: def.description,
    parameters: def.parameters,
    sideEffect: def.sideEffect,
    origin: "data" as const,
    method: def.request.method,
    ...(outputSchema === null ? {} : { outputSchema }),
    call: (args: unknown, { context, signal }: Parameters<Tool["call"]>[1]) =>
      executeTool(def, withSchemaDefaults(def.parameters, args), { context, signal, secrets: options.secrets, authorize: options.authorize, config }),
  });
}
