/** Search mode (issue 28): the tool index and the meta-tools a persona in search mode lists. */
export { buildToolIndex, oneLine, stem, type IndexableTool, type ToolIndex, type ToolSearchHit } from "./tool-index";
export { CALL_TOOL, DEFAULT_SEARCH_RESULTS, DESCRIBE_TOOL, isMetaTool, MAX_SEARCH_RESULTS, META_TOOL_NAMES, META_TOOLS, metaTool, SEARCH_TOOLS } from "./meta-tools";
