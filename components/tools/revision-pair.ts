/**
 * Which two revisions Compare opens on: the current one and the one saved just before it, so the
 * first thing shown is the latest change. After a restore the current revision is the restored
 * copy, so the same pair shows what the restore changed.
 */

export interface RevisionPair {
  readonly from: number;
  readonly to: number;
}

/**
 * The default pair of `revisions` (newest first) when `currentVersion` is the tool's version, or
 * null when there are fewer than two revisions. A current version missing from the list (read
 * apart from it, so a save may fall in between) falls back to the newest revision listed.
 */
export function defaultRevisionPair(revisions: readonly { readonly version: number }[], currentVersion: number): RevisionPair | null {
  if (revisions.length < 2) return null;
  const found = revisions.findIndex((revision) => revision.version === currentVersion);
  const at = Math.min(Math.max(found, 0), revisions.length - 2);
  return { from: revisions[at + 1]!.version, to: revisions[at]!.version };
}
