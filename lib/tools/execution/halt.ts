/**
 * Halt and say (SPEC §1.6): whether a tool's own response ends the agent's turn, and what the
 * customer then sees. Never end a turn on a guess: a body that is not JSON, or a path that is
 * missing, means no halt. `say` publishes a literal, or a value from the body only when it is a
 * non-blank string — a number or an object reaching a customer is never what someone meant.
 */
import { MISSING, walkPath } from "../paths";
import type { HaltSay, HaltWhen } from "../types";
import type { ParsedBody } from "./extract";

/** True when the value at `haltWhen.jsonPath`, as a string, is one of `haltWhen.equals`. */
export function shouldHalt(haltWhen: HaltWhen, parsed: ParsedBody): boolean {
  if (!parsed.valid) return false;
  const value = walkPath(parsed.value, haltWhen.jsonPath);
  return value !== MISSING && haltWhen.equals.includes(asComparable(value));
}

/** Scalars compare as their text (`1` matches "1"); objects and lists as their JSON. */
function asComparable(value: unknown): string {
  return value !== null && typeof value === "object" ? JSON.stringify(value) : String(value);
}

function presence(text: string): string | null {
  return text.trim() === "" ? null : text;
}

/** The text to publish when halting, or null to publish nothing. */
export function haltSay(say: HaltSay | null, parsed: ParsedBody): string | null {
  if (say === null) return null;
  if ("text" in say) return presence(say.text);
  if (!parsed.valid) return null;
  const value = walkPath(parsed.value, say.jsonPath);
  return typeof value === "string" ? presence(value) : null;
}
