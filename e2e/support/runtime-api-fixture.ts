/**
 * The runtime API journey's own persona and keys (e2e/runtime-api.spec.ts), so no other spec is
 * affected. The prepare script creates them and writes the tokens, owner-only, to
 * {@link RUNTIME_KEYS_FILE} (data/ is ignored by git); they are printed nowhere.
 */
export const RUNTIME_PERSONA = "e2e-runtime";
export const RUNTIME_KEYS_FILE = "data/e2e-runtime-keys.json";
/** Granted playground fixture tools; the note tool is then switched off, and e2e_play_broken is outside the grant. */
export const RUNTIME_TOOLS = ["e2e_play_forecast", "e2e_play_close_chat", "e2e_play_echo_secret", "e2e_play_create_note"] as const;
export const RUNTIME_DISABLED_TOOL = "e2e_play_create_note";

/** The tokens: a working key, a revoked one, one for another persona, and one only the rate-limit test spends. */
export interface RuntimeKeys {
  readonly active: string;
  readonly revoked: string;
  readonly otherPersona: string;
  readonly limited: string;
}
