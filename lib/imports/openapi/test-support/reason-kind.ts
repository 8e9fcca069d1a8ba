/** Corpus tests count refusals by kind: a reason with the names in it taken out. */
export function reasonKind(reason: string): string {
  return reason
    .replace(/\b(parameter|property|scheme|cookie|variable|header|field)\s+\S+/g, "$1 …")
    .replace(/\([^)]*\)/g, "(…)")
    .replace(/\{[^}]*\}/g, "{…}")
    .slice(0, 110);
}
