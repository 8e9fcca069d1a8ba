/**
 * The search mode journey's own persona and API key (e2e/search-mode.spec.ts), so no other spec is
 * affected. The e2e server suggests search mode past {@link E2E_SEARCH_MODE_THRESHOLD} tools (its
 * QUIVER_SEARCH_MODE_THRESHOLD), so a persona of four fixture tools is over it. The prepare script
 * writes the key's token, owner-only, to {@link SEARCH_KEY_FILE}; it is printed nowhere.
 */
export const SEARCH_PERSONA = "e2e-search";
export const SEARCH_KEY_FILE = "data/e2e-search-key.token";
export const E2E_SEARCH_MODE_THRESHOLD = 3;
/** Granted playground fixture tools; the note tool is then switched off, leaving four. */
export const SEARCH_TOOLS = ["e2e_play_forecast", "e2e_play_close_chat", "e2e_play_order_state", "e2e_play_broken", "e2e_play_create_note"] as const;
export const SEARCH_DISABLED_TOOL = "e2e_play_create_note";
