/**
 * Module resolution hooks for the servers that load the door's TypeScript modules outside Next.js
 * (scripts/server.ts): `server-only` — the marker every server module imports — resolves to its
 * empty build, as it does under React's server condition inside Next.js. Only that one specifier
 * changes: a process-wide `--conditions=react-server` would also hand Next.js's own rendering
 * React's server build.
 */
export async function resolve(specifier, context, nextResolve) {
  if (specifier !== "server-only") return nextResolve(specifier, context);
  return nextResolve(specifier, { ...context, conditions: [...context.conditions, "react-server"] });
}
