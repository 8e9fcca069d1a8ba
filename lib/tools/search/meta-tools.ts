/**
 * Search mode's meta-tools (issue 28): what a persona in search mode lists instead of its tools.
 * Three, fixed: search the persona's tools by what the agent wants to do, describe one (its full
 * specification), call one by name. Their shapes are ordinary tool shapes, so every provider
 * format renders them as it renders any tool; what they do is the agents' door's (it runs the
 * real tool through the same checks as a direct call).
 */
import { PROVIDER_FORMATS, type ToolShape } from "../providers";

export const SEARCH_TOOLS = "search_tools";
export const DESCRIBE_TOOL = "describe_tool";
export const CALL_TOOL = "call_tool";
export const META_TOOL_NAMES: readonly string[] = [SEARCH_TOOLS, DESCRIBE_TOOL, CALL_TOOL];

/** How many tools a search returns unless the agent asks for another number, and the most it may ask for. */
export const DEFAULT_SEARCH_RESULTS = 5;
export const MAX_SEARCH_RESULTS = 20;

const NAME = { type: "string", description: "The tool's exact name, as search_tools returned it.", minLength: 1, maxLength: 64 } as const;

/** The three meta-tools, in the order they are listed. */
const tools: ToolShape[] = [
  {
    name: SEARCH_TOOLS,
    description:
      "Find the tools that can do what you need. This persona has many tools and lists only these three: describe what you want to do " +
      '("refund an order", "send a text message") and get the best matching tool names with one line each. Then describe_tool one, and call it with call_tool.',
    parameters: {
      type: "object",
      properties: {
        query: { type: "string", description: "What you want to do, in a few words.", minLength: 1, maxLength: 500 },
        limit: { type: "integer", description: `How many tools to return (default ${DEFAULT_SEARCH_RESULTS}).`, minimum: 1, maximum: MAX_SEARCH_RESULTS, default: DEFAULT_SEARCH_RESULTS },
      },
      required: ["query"],
    },
    sideEffect: false,
    origin: "code",
  },
  {
    name: DESCRIBE_TOOL,
    description: "Get one tool's full specification: what it does and the parameters call_tool must pass to it.",
    parameters: {
      type: "object",
      properties: {
        name: NAME,
        format: { type: "string", description: "The specification's shape; by default the one this tool list came in.", enum: [...PROVIDER_FORMATS] },
      },
      required: ["name"],
    },
    sideEffect: false,
    origin: "code",
  },
  {
    name: CALL_TOOL,
    description: "Call one of this persona's tools by name with its arguments (as describe_tool specified them). Returns that tool's result.",
    parameters: {
      type: "object",
      properties: {
        name: NAME,
        arguments: { type: "object", description: "The tool's arguments.", properties: {} },
      },
      required: ["name"],
    },
    sideEffect: true,
    origin: "code",
  },
];
export const META_TOOLS: readonly ToolShape[] = Object.freeze(tools);

/** Whether `name` is one of the meta-tools. */
export function isMetaTool(name: string): boolean {
  return META_TOOL_NAMES.includes(name);
}

/** The meta-tool shape called `name`; throws for another name (callers check with {@link isMetaTool}). */
export function metaTool(name: string): ToolShape {
  const found = META_TOOLS.find((tool) => tool.name === name);
  if (!found) throw new Error(`"${name}" is not a search mode meta-tool.`);
  return found;
}
