/**
 * The MCP journey's own persona and API key (e2e/mcp.spec.ts), so no other spec is affected.
 * The prepare script creates the key and writes its token, owner-only, to {@link MCP_KEY_FILE}
 * (data/ is ignored by git); it is printed nowhere.
 */
export const MCP_PERSONA = "e2e-mcp";
export const MCP_KEY_FILE = "data/e2e-mcp-key.token";
/** Playground fixture tools the persona is granted: a result, a halt, an echoed secret, a side effect, a failure, a declared output schema. */
export const MCP_TOOLS = ["e2e_play_forecast", "e2e_play_close_chat", "e2e_play_echo_secret", "e2e_play_create_note", "e2e_play_broken", "e2e_play_order_state"] as const;
