/** What a click on a link would do, as far as unsaved work on this page is concerned. */
export interface LinkClick {
  /** The link's resolved address (`anchor.href`). */
  readonly href: string;
  /** `anchor.target`, empty for the same tab. */
  readonly target: string;
  readonly download: boolean;
  /** Any of ⌘, Ctrl, Shift, Alt held, or a button other than the main one: the browser opens a new tab or window. */
  readonly opensElsewhere: boolean;
}

/**
 * The in-app address a link click would leave this page for, or null when the click leaves the
 * page's work where it is: another tab or window, a download, another site (the browser's own
 * unload warning covers that), or the same page (a fragment or the page itself).
 */
export function leavingFor(click: LinkClick, current: URL): string | null {
  if (click.opensElsewhere || click.download || (click.target !== "" && click.target !== "_self")) return null;
  let next: URL;
  try {
    next = new URL(click.href, current);
  } catch {
    return null;
  }
  if (next.origin !== current.origin) return null;
  if (next.pathname === current.pathname && next.search === current.search) return null;
  return `${next.pathname}${next.search}${next.hash}`;
}
