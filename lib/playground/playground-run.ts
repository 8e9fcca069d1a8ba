import "server-only";

/**
 * One playground call (SPEC §7), shared by the Test panel and saved test cases: arguments with
 * their schema defaults, then a dry run (nothing sent, no secret read) or a fire through the same
 * path agents use (`dataTool` / the code tool's `call`, i.e. executeTool / callWithValidation),
 * turned into a masked run view. The secret values a fire used (shared credentials' values and
 * tokens too) are captured only to mask the view once more, here, and are never returned.
 */
import { createRedactor, slotIdentity, slotLabel } from "../secrets";
import {
  curlCommand,
  dataTool,
  describeArgumentIssues,
  error,
  executeTool,
  json,
  MISSING,
  secretSlotsOf,
  toolResponseToJSON,
  validateArguments,
  withSchemaDefaults,
  type ExecutionConfig,
  type JsonValue,
  type SecretSource,
  type ToolResponse,
  type TurnContext,
} from "../tools";
import { getExecutionConfig } from "../setup";
import { markSpanFailed, traced } from "../observability/tracing";
import { explainToolError } from "./error-explanations";
import { DISPLAY_BODY_LIMIT, type PlaygroundMode, type PlaygroundOutcome, type PlaygroundRunView } from "./playground-types";
import { suggestExpectations, type RunFacts } from "./test-expectations";
import { toolAuthorization, toolAuthorizationPreview, toolSecretSource, type CatalogTool } from "../catalog";

/** A run view before it is recorded: everything but its id, number, test case, author and time. */
export type UnrecordedRun = Omit<PlaygroundRunView, "id" | "number" | "testCase" | "actorEmail" | "createdAt">;

export interface PlaygroundExecution {
  readonly run: UnrecordedRun;
  /** What test-case expectations are evaluated against (the whole masked body, not the display cut). */
  readonly facts: RunFacts;
  /** The plaintext secrets the fire used, for redacting anything derived later. Never store or return them. */
  readonly secrets: readonly string[];
}

export interface PlaygroundCall {
  readonly tool: CatalogTool;
  readonly mode: PlaygroundMode;
  readonly arguments: unknown;
  readonly context: TurnContext;
  readonly signal?: AbortSignal;
  readonly config?: ExecutionConfig;
}

const CODE_DRY_RUN_NOTE = "A code tool sends no HTTP request: a dry run only checks the arguments. Fire runs the tool.";

/** Refuses to be called: handed to a dry run so that reading a secret would be a visible bug. */
const NO_SECRETS_IN_DRY_RUN: SecretSource = () => Promise.reject(new Error("A dry run must not read secrets."));

function outcomeOf(response: ToolResponse, dryRun: boolean): PlaygroundOutcome {
  if (response.ok) {
    if (dryRun) return { kind: "dry_run" };
    return response.halt ? { kind: "halt", say: response.halt.say } : { kind: "success", halted: false };
  }
  const detailStatus = response.details?.status;
  const status = response.metadata.status ?? (typeof detailStatus === "number" ? detailStatus : null);
  return { kind: "error", errorType: response.errorType, message: response.message, explanation: explainToolError(response.errorType, status) };
}

/** A plain JSON copy (drops undefined, turns class instances into their JSON form). */
function plainJson(value: unknown): JsonValue {
  return value === undefined ? null : (JSON.parse(JSON.stringify(value)) as JsonValue);
}

function parsedBody(body: string | undefined): unknown {
  if (body === undefined) return MISSING;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return MISSING;
  }
}

/**
 * The model's view of a response, for display: a result larger than the display limit (a whole
 * body handed back with body_raw, up to the 1 MiB cap) keeps only its first part, as text, with
 * a warning — the run history must not hold megabytes per run. Evaluation reads the whole result.
 */
function displayedResult(response: ToolResponse, warnings: string[]): JsonValue {
  const result = plainJson(toolResponseToJSON(response)) as { [key: string]: JsonValue };
  const content = result.content;
  const text = typeof content === "string" ? content : JSON.stringify(content ?? null);
  if (text.length <= DISPLAY_BODY_LIMIT) return result;
  warnings.push(`The result is ${text.length} characters long; the first ${DISPLAY_BODY_LIMIT} are shown.`);
  return { ...result, content: text.slice(0, DISPLAY_BODY_LIMIT) };
}

/** The view of a response; `origin` decides what JSON paths walk and whether there is a curl command. */
function runFromResponse(
  call: PlaygroundCall,
  args: unknown,
  response: ToolResponse,
  extra: { warnings: readonly string[]; durationMs: number },
): { run: UnrecordedRun; facts: RunFacts } {
  const dryRun = call.mode === "dry_run";
  const { metadata } = response;
  const body = metadata.responseBody;
  const outcome = outcomeOf(response, dryRun);
  const content = response.ok && !dryRun ? plainJson(response.content) : null;
  const warnings = [...extra.warnings];
  const facts: RunFacts = {
    outcome,
    status: metadata.status ?? null,
    content,
    document: call.tool.origin === "code" ? (content ?? MISSING) : parsedBody(body),
  };
  const run: UnrecordedRun = {
    toolName: call.tool.origin === "code" ? call.tool.tool.name : call.tool.definition.name,
    toolOrigin: call.tool.origin,
    toolVersion: call.tool.origin === "data" ? call.tool.version : null,
    mode: call.mode,
    arguments: plainJson(args),
    context: { ...call.context } as Record<string, string>,
    outcome,
    durationMs: metadata.durationMs ?? extra.durationMs,
    status: facts.status,
    request: metadata.request ? { ...metadata.request, headers: { ...metadata.request.headers } } : null,
    responseHeaders: metadata.responseHeaders ? { ...metadata.responseHeaders } : null,
    responseBody: body === undefined ? null : body.slice(0, DISPLAY_BODY_LIMIT),
    responseBodyTruncated: body !== undefined && body.length > DISPLAY_BODY_LIMIT,
    result: dryRun ? null : displayedResult(response, warnings),
    curl: metadata.request ? curlCommand(metadata.request) : null,
    warnings,
    suggestedExpectations: suggestExpectations(facts),
  };
  return { run, facts };
}

/** The warnings a dry run's response carries (`{dry_run, request, warnings?}`). */
function dryRunWarnings(response: ToolResponse): string[] {
  const content = response.ok ? (response.content as { warnings?: unknown }) : null;
  return Array.isArray(content?.warnings) ? content.warnings.filter((warning): warning is string => typeof warning === "string") : [];
}

/**
 * A data tool's dry run: secret headers show their stored mask and secret query values the bare
 * mask, a secret with no stored value is a warning; a shared credential shows masked where it goes, read from its public parts only (the
 * executor's own warnings, here only a credential that does not exist, are kept).
 */
async function dataDryRun(call: PlaygroundCall & { tool: { origin: "data" } }, args: unknown, config: ExecutionConfig) {
  const { definition, secretMasks } = call.tool;
  const previewAuthorization = await toolAuthorizationPreview(definition);
  const options = { dryRun: true, context: call.context, config, secrets: NO_SECRETS_IN_DRY_RUN, previewAuthorization };
  const response = await executeTool(definition, args, options);
  const masks = new Map(secretMasks.map((secret) => [slotIdentity(secret.header), secret.mask]));
  const unset = secretSlotsOf(definition).filter((slot) => !masks.has(slotIdentity(slot)));
  const warnings = unset.map((slot) => `Secret ${slotLabel(slot)} has no stored value; a real call would fail.`);
  warnings.push(...dryRunWarnings(response));
  const preview = response.metadata.request;
  if (!preview) return { response, warnings };
  const headers = Object.fromEntries(
    Object.entries(preview.headers).map(([name, value]) => [name, masks.get(name.toLowerCase()) ?? value]),
  );
  return { response: { ...response, metadata: { ...response.metadata, request: { ...preview, headers } } } as ToolResponse, warnings };
}

/**
 * Runs `call` once and returns its masked view; see the module comment. With tracing on it is one
 * span, `playground NAME`, marked `quiver.test: true`, over the same validation, credential and
 * upstream spans an agent's call makes.
 */
export function executeInPlayground(call: PlaygroundCall): Promise<PlaygroundExecution> {
  const name = call.tool.origin === "code" ? call.tool.tool.name : call.tool.definition.name;
  const attributes = { "quiver.test": true, "quiver.playground.mode": call.mode, "gen_ai.tool.name": name };
  return traced(`playground ${name}`, { attributes }, async (span) => {
    const execution = await executeOnce(call);
    span?.setAttribute("quiver.outcome", execution.run.outcome.kind);
    if (execution.run.outcome.kind === "error") markSpanFailed(span, execution.run.outcome.errorType);
    return execution;
  });
}

async function executeOnce(call: PlaygroundCall): Promise<PlaygroundExecution> {
  const started = performance.now();
  const config = call.config ?? getExecutionConfig();
  const { tool } = call;
  const parameters = tool.origin === "code" ? tool.tool.parameters : tool.definition.parameters;
  const args = withSchemaDefaults(parameters, call.arguments);
  const used: string[] = [];
  let response: ToolResponse;
  let warnings: string[] = [];
  if (call.mode === "dry_run" && tool.origin === "data") {
    ({ response, warnings } = await dataDryRun({ ...call, tool }, args, config));
  } else if (call.mode === "dry_run" && tool.origin === "code") {
    const issues = validateArguments(parameters, args);
    response = issues.length > 0 ? error(describeArgumentIssues(issues), "validation_error", { details: { issues } }) : json(null);
    warnings = [CODE_DRY_RUN_NOTE];
  } else if (tool.origin === "data") {
    const source = toolSecretSource(tool.id, tool.version);
    const capturing: SecretSource = async () => {
      const values = await source();
      used.push(...Object.values(values).filter((value) => value !== ""));
      return values;
    };
    const authorize = toolAuthorization(tool.definition, (plaintexts) => used.push(...plaintexts));
    response = await dataTool(tool.definition, { secrets: capturing, authorize, config }).call(args, { context: call.context, signal: call.signal });
  } else {
    response = await tool.tool.call(args, { context: call.context, signal: call.signal });
  }
  const durationMs = Math.round((performance.now() - started) * 100) / 100;
  const { run, facts } = runFromResponse(call, args, response, { warnings, durationMs });
  if (used.length === 0) return { run, facts, secrets: used };
  const { redactValue } = createRedactor(used);
  return { run: redactValue(run), facts: { ...facts, content: redactValue(facts.content), document: redactValue(facts.document) }, secrets: used };
}
