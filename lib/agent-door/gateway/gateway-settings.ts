/**
 * Where `npm run gateway` listens: `QUIVER_GATEWAY_HOST` (default 127.0.0.1; 0.0.0.0 or :: to
 * take traffic from other machines) and `QUIVER_GATEWAY_PORT` (default 3001). Bad values are a
 * ValidationError naming the variable, so the gateway refuses to start instead of guessing.
 */
import { ValidationError } from "../../errors";

export const DEFAULT_GATEWAY_PORT = 3001;
export const DEFAULT_GATEWAY_HOST = "127.0.0.1";

/** The problem with `text` as a port to listen on, or null when it is one (1–65535). */
export function portProblem(text: string): string | null {
  const port = Number(text);
  return /^\d+$/.test(text) && port >= 1 && port <= 65535 ? null : `must be a port number from 1 to 65535, found "${text}"`;
}

export function gatewayAddressFromEnv(env: Readonly<Record<string, string | undefined>>): { host: string; port: number } {
  const host = env.QUIVER_GATEWAY_HOST?.trim() || DEFAULT_GATEWAY_HOST;
  const portText = env.QUIVER_GATEWAY_PORT?.trim() || String(DEFAULT_GATEWAY_PORT);
  const port = Number(portText);
  const problems = [];
  const badPort = portProblem(portText);
  if (badPort !== null) problems.push({ path: "QUIVER_GATEWAY_PORT", message: badPort });
  if (/[\s/]/.test(host)) problems.push({ path: "QUIVER_GATEWAY_HOST", message: `must be a host name or address to listen on, found "${host}"` });
  if (problems.length > 0) throw new ValidationError(problems);
  return { host, port };
}
