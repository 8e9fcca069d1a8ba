/**
 * How a stored tool's request headers read on its page: plain values as written, secret headers
 * (matched case-insensitively, as the executor matches them) as their stored mask or as unset.
 */
import type { ToolDTO } from "./tools";

export interface HeaderView {
  readonly name: string;
  /** The value as written, or for a secret header its mask (null when no value is stored). */
  readonly value: string | null;
  readonly secret: boolean;
}

/** Every request header of `tool`, secret ones masked. */
export function headerViews(tool: Pick<ToolDTO, "definition" | "secrets">): HeaderView[] {
  const secretNames = new Set(tool.definition.secret_headers.map((name) => name.toLowerCase()));
  const masks = new Map(tool.secrets.map((secret) => [secret.header.toLowerCase(), secret.mask]));
  return Object.entries(tool.definition.request.headers).map(([name, value]) => {
    const secret = secretNames.has(name.toLowerCase());
    return { name, secret, value: secret ? (masks.get(name.toLowerCase()) ?? null) : value };
  });
}
