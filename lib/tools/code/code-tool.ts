/**
 * Code-defined tools (SPEC §2): a tool whose behaviour is TypeScript rather than an HTTP template.
 * `defineTool` turns a plain description into a {@link Tool}; every call goes through
 * {@link callWithValidation}, which folds each expected failure into a typed error response so a
 * model can react to it, and lets only a broken tool (one that returns something other than a
 * ToolResponse) throw, because that is a broken deploy rather than a bad request.
 */
import { ValidationError } from "../../errors";
import { deepFreeze, isPlainObject, Issues, parseParameters } from "../definition";
import { describeArgumentIssues, validateArguments, withSchemaDefaults } from "../execution";
import { error, isToolResponse, type ToolResponse } from "../response";
import type { CancelSignal } from "../abort-switch";
import type { CallContext, ObjectSchema, Tool } from "../types";

/** Used when a code tool does not declare its own timeout; the same default as data tools. */
export const DEFAULT_CODE_TOOL_TIMEOUT_SECONDS = 15;
/** The longest timeout a code tool may declare, matching the data-tool limit (SPEC §1.2). */
export const MAX_CODE_TOOL_TIMEOUT_SECONDS = 120;

const CODE_TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

/**
 * An expected failure inside a code tool: its message is written for the model and becomes an
 * `execution_error` response. Anything else a tool throws is treated as a bug (`unhandled_error`).
 */
export class ToolExecutionError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "ToolExecutionError";
  }
}

/** Thrown when a tool's `call` returns something that is not a ToolResponse: a programming error. */
export class BrokenToolError extends Error {
  constructor(toolName: string) {
    super(`Tool "${toolName}" must return a ToolResponse (built with text, json or error) from call`);
    this.name = "BrokenToolError";
  }
}

/** What a code tool's behaviour receives: the call's context, with a real AbortSignal (its timeout and its caller's). */
export interface CodeToolCallContext extends CallContext {
  readonly signal: AbortSignal;
}

/** What a code tool is written as. `Args` is the shape its parameters schema guarantees. */
export interface CodeToolOptions<Args = Record<string, unknown>> {
  /** Lower-case letters, digits and `_`, starting with a letter: the namespace data tools use too. */
  readonly name: string;
  readonly description: string;
  readonly parameters: ObjectSchema;
  /** Seconds before the call is abandoned; defaults to {@link DEFAULT_CODE_TOOL_TIMEOUT_SECONDS}. */
  readonly timeoutSeconds?: number;
  /** Whether calling it changes something in the world; defaults to false (code tools are mostly computations). */
  readonly sideEffect?: boolean;
  /** The behaviour. Receives arguments already validated against `parameters`; should honour `context.signal`. */
  call(args: Args, context: CodeToolCallContext): Promise<ToolResponse>;
}

/** A code tool: a {@link Tool} whose timeout is known up front (the playground shows it). */
export interface CodeTool extends Tool {
  readonly origin: "code";
  readonly timeoutSeconds: number;
}

/** The resolved form {@link callWithValidation} runs: options with every default applied. */
export interface CodeToolImplementation<Args = Record<string, unknown>> {
  readonly name: string;
  readonly parameters: ObjectSchema;
  readonly timeoutSeconds: number;
  call(args: Args, context: CodeToolCallContext): Promise<ToolResponse>;
}

/**
 * Checks a code tool's definition; its parameters go through the same safe-subset check as a data
 * tool's (SPEC §1.3), since both are offered to every provider. Returns the parameters as that
 * check reads them (a root without `properties` gets an empty one).
 */
function readDefinition<Args>(options: CodeToolOptions<Args>, timeoutSeconds: number, issues: Issues): ObjectSchema {
  if (typeof options.name !== "string" || !CODE_TOOL_NAME.test(options.name)) {
    issues.add("name", "must be 1–64 lower-case letters, digits or _, starting with a letter");
  }
  if (typeof options.description !== "string" || options.description.trim() === "") {
    issues.add("description", "is required");
  }
  // The flat list is sugar for documents; code writes the schema.
  let parameters: ObjectSchema = { type: "object", properties: {} };
  if (isPlainObject(options.parameters)) parameters = parseParameters(options.parameters, issues).schema;
  else issues.add("parameters", 'must be a schema with {"type": "object", "properties": {…}}');
  if (!(Number.isFinite(timeoutSeconds) && timeoutSeconds > 0 && timeoutSeconds <= MAX_CODE_TOOL_TIMEOUT_SECONDS)) {
    issues.add("timeoutSeconds", `must be a number of seconds above 0 and at most ${MAX_CODE_TOOL_TIMEOUT_SECONDS}`);
  }
  if (typeof options.call !== "function") issues.add("call", "must be a function");
  return parameters;
}

/**
 * Defines a code tool. Throws a `ValidationError` listing every problem of a malformed definition —
 * including parameters outside the safe schema subset (SPEC §1.3) — at module load, so a bad tool
 * never ships. The returned tool's `call` always goes through {@link callWithValidation}.
 */
export function defineTool<Args = Record<string, unknown>>(options: CodeToolOptions<Args>): CodeTool {
  const timeoutSeconds = options.timeoutSeconds ?? DEFAULT_CODE_TOOL_TIMEOUT_SECONDS;
  const issues = new Issues();
  const parameters = deepFreeze(readDefinition(options, timeoutSeconds, issues));
  if (issues.problems.length > 0) throw new ValidationError(issues.problems);
  const implementation: CodeToolImplementation<Args> = {
    name: options.name,
    parameters,
    timeoutSeconds,
    call: options.call.bind(options),
  };
  return Object.freeze({
    name: options.name,
    description: options.description,
    parameters,
    sideEffect: options.sideEffect ?? false,
    origin: "code" as const,
    timeoutSeconds,
    call: (args: unknown, context: CallContext) => callWithValidation(implementation, args, context),
  });
}

/** Formats seconds for a sentence: whole numbers stay whole, fractions keep up to 3 decimals. */
function secondsText(seconds: number): string {
  return String(Number(seconds.toFixed(3)));
}

/** An AbortController aborted when `parent` aborts, so a tool sees one signal for both causes. */
function linkedController(parent: CancelSignal | undefined): { controller: AbortController; unlink: () => void } {
  const controller = new AbortController();
  if (!parent) return { controller, unlink: () => {} };
  const forward = () => controller.abort(parent.reason);
  if (parent.aborted) forward();
  else parent.addEventListener("abort", forward);
  return { controller, unlink: () => parent.removeEventListener("abort", forward) };
}

type Settled = { kind: "returned"; value: unknown } | { kind: "threw"; reason: unknown } | { kind: "timed_out" };

/** Runs `run` until it settles or `seconds` pass; on timeout the signal is aborted and the call abandoned. */
async function settleWithin(
  seconds: number,
  controller: AbortController,
  run: () => Promise<unknown>,
): Promise<Settled> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<Settled>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "timed_out" }), seconds * 1000);
  });
  // Starting inside a promise turns a synchronous throw into a rejection; the handlers also keep an
  // abandoned call's late rejection from surfacing as an unhandled rejection.
  const settled = Promise.resolve()
    .then(run)
    .then(
      (value): Settled => ({ kind: "returned", value }),
      (reason: unknown): Settled => ({ kind: "threw", reason }),
    );
  try {
    const outcome = await Promise.race([settled, timedOut]);
    if (outcome.kind === "timed_out") {
      controller.abort(new DOMException(`Timed out after ${secondsText(seconds)} seconds`, "TimeoutError"));
    }
    return outcome;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs a code tool the way every caller should (SPEC §2.1): fill in schema defaults the arguments
 * omit (SPEC §8), validate them (`validation_error` listing every problem), run under the timeout (`timeout_error`), fold a
 * thrown {@link ToolExecutionError} into `execution_error` and anything else into
 * `unhandled_error` with a generic message (the thrown value is kept as `cause` for logs only —
 * internal messages never reach a model or a browser).
 *
 * @throws BrokenToolError when `call` returns something that is not a ToolResponse.
 */
export async function callWithValidation<Args>(
  tool: CodeToolImplementation<Args>,
  args: unknown,
  callContext: CallContext,
): Promise<ToolResponse> {
  const filled = withSchemaDefaults(tool.parameters, args);
  const issues = validateArguments(tool.parameters, filled);
  if (issues.length > 0) {
    return error(describeArgumentIssues(issues), "validation_error", { details: { issues } });
  }
  const { controller, unlink } = linkedController(callContext.signal);
  try {
    const outcome = await settleWithin(tool.timeoutSeconds, controller, () =>
      tool.call(filled as Args, { ...callContext, signal: controller.signal }),
    );
    if (outcome.kind === "timed_out") {
      return error(`Tool execution timed out after ${secondsText(tool.timeoutSeconds)} seconds`, "timeout_error");
    }
    if (outcome.kind === "threw") {
      if (outcome.reason instanceof ToolExecutionError) {
        return error(outcome.reason.message, "execution_error", { cause: outcome.reason });
      }
      return error(`Tool "${tool.name}" failed unexpectedly.`, "unhandled_error", { cause: outcome.reason });
    }
    if (!isToolResponse(outcome.value)) throw new BrokenToolError(tool.name);
    return outcome.value;
  } finally {
    unlink();
  }
}
