/** The two widths every page is checked at: a laptop and a phone (UI.md: nothing cut off, no sideways scroll at either). */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;
