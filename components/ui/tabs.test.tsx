/**
 * The tab row that outgrows its room: which edges hint at hidden tabs, where the row scrolls to
 * reveal the selected tab, and — rendered — that the keyboard still reaches every tab and the row
 * follows the selection, also when the page opens on the last tab.
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { edgeFade, hiddenTabs, revealScrollLeft, TAB_FADE_PX, Tabs } from "./tabs";

describe("hiddenTabs", () => {
  it.each([
    ["everything fits", { scrollLeft: 0, viewWidth: 300, contentWidth: 300 }, { before: false, after: false }],
    ["a fraction of a pixel over", { scrollLeft: 0, viewWidth: 300, contentWidth: 300.6 }, { before: false, after: false }],
    ["at the start of a long row", { scrollLeft: 0, viewWidth: 300, contentWidth: 500 }, { before: false, after: true }],
    ["in the middle", { scrollLeft: 100, viewWidth: 300, contentWidth: 500 }, { before: true, after: true }],
    ["at the end", { scrollLeft: 200, viewWidth: 300, contentWidth: 500 }, { before: true, after: false }],
  ])("%s", (_label, row, expected) => {
    expect(hiddenTabs(row)).toEqual(expected);
  });
});

describe("edgeFade", () => {
  it.each([
    [{ before: false, after: false }, undefined],
    [{ before: false, after: true }, `linear-gradient(to right, #000, #000 calc(100% - ${TAB_FADE_PX}px), transparent)`],
    [{ before: true, after: false }, `linear-gradient(to right, transparent, #000 ${TAB_FADE_PX}px, #000)`],
    [{ before: true, after: true }, `linear-gradient(to right, transparent, #000 ${TAB_FADE_PX}px, #000 calc(100% - ${TAB_FADE_PX}px), transparent)`],
  ])("%o fades %s", (hidden, mask) => {
    expect(edgeFade(hidden)).toBe(mask);
  });
});

describe("revealScrollLeft", () => {
  const row = (scrollLeft: number) => ({ scrollLeft, viewWidth: 300, contentWidth: 600 });
  it.each([
    ["stays put for a tab in view", row(100), { start: 200, width: 80 }, 100],
    ["brings a tab on the right in, clear of the fade", row(0), { start: 320, width: 80 }, 320 + 80 + TAB_FADE_PX - 300],
    ["brings a tab on the left in, clear of the fade", row(250), { start: 200, width: 80 }, 200 - TAB_FADE_PX],
    ["moves a tab under the right fade out of it", row(0), { start: 220, width: 60 }, 220 + 60 + TAB_FADE_PX - 300],
    ["goes no further than the start for the first tab", row(250), { start: 0, width: 80 }, 0],
    ["goes no further than the end for the last tab", row(0), { start: 520, width: 80 }, 300],
    ["aligns a tab wider than the room to its start", row(0), { start: 100, width: 400 }, 100 - TAB_FADE_PX],
  ])("%s", (_label, scroll, tab, expected) => {
    expect(revealScrollLeft(scroll, tab)).toBe(expected);
  });
});

const PANELS = ["Request", "Parameters", "Behaviour", "Test", "History", "JSON"].map((label) => ({ value: label.toLowerCase(), label, content: `${label} panel` }));
const TAB_WIDTH = 90;
const VIEW_WIDTH = 300;

/** jsdom lays nothing out: tabs 90 px wide side by side in a 300 px row, which scrolls as told (only the row's figures are read). */
function layOutRow() {
  const scrolled = new WeakMap<Element, number>();
  const stubs: Record<string, PropertyDescriptor> = {
    clientWidth: { get: (): number => VIEW_WIDTH },
    offsetWidth: { get: (): number => TAB_WIDTH },
    scrollWidth: {
      get(this: Element) {
        return this.children.length * TAB_WIDTH;
      },
    },
    offsetLeft: {
      get(this: Element) {
        return [...(this.parentElement?.children ?? [])].indexOf(this) * TAB_WIDTH;
      },
    },
    scrollLeft: {
      get(this: Element) {
        return scrolled.get(this) ?? 0;
      },
      set(this: Element, left: number) {
        scrolled.set(this, Math.min(Math.max(0, left), this.scrollWidth - this.clientWidth));
        this.dispatchEvent(new Event("scroll"));
      },
    },
    scrollTo: {
      value(this: Element, { left = 0 }: ScrollToOptions) {
        this.scrollLeft = left;
      },
    },
    scrollBy: {
      value(this: Element, { left = 0 }: ScrollToOptions) {
        this.scrollLeft += left;
      },
    },
  };
  // Defined on HTMLElement.prototype, they shadow jsdom's own on Element.prototype until deleted.
  const own = Object.fromEntries(Object.keys(stubs).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)]));
  for (const [key, stub] of Object.entries(stubs)) Object.defineProperty(HTMLElement.prototype, key, { ...stub, configurable: true });
  return () => {
    for (const [key, descriptor] of Object.entries(own)) {
      delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    }
  };
}

describe("Tabs", () => {
  let restore: () => void;
  beforeEach(() => {
    restore = layOutRow();
  });
  afterEach(() => restore());

  const list = () => screen.getByRole("tablist", { name: "Tool details" });
  const tab = (name: string) => screen.getByRole("tab", { name });

  it("moves through every tab with the arrow keys, Home and End, selecting as it goes", async () => {
    const user = userEvent.setup();
    render(<Tabs label="Tool details" panels={PANELS} />);
    await user.click(tab("Request"));
    await user.keyboard("{ArrowRight}");
    expect(tab("Parameters").getAttribute("aria-selected")).toBe("true");
    await user.keyboard("{End}");
    expect(document.activeElement).toBe(tab("JSON"));
    expect(screen.getByRole("tabpanel").textContent).toBe("JSON panel");
    await user.keyboard("{Home}");
    expect(document.activeElement).toBe(tab("Request"));
    await user.keyboard("{ArrowLeft}");
    expect(document.activeElement).toBe(tab("JSON"));
  });

  it("hints at the tabs hidden after the row, and follows the selection to the end and back", async () => {
    const user = userEvent.setup();
    render(<Tabs label="Tool details" panels={PANELS} />);
    expect(list().dataset.hiddenTabs).toBe("after");
    expect(list().style.maskImage).toBe(edgeFade({ before: false, after: true }));
    await user.click(tab("Request"));
    await user.keyboard("{End}");
    expect(list().scrollLeft).toBe(PANELS.length * TAB_WIDTH - VIEW_WIDTH);
    expect(list().dataset.hiddenTabs).toBe("before");
    await user.keyboard("{Home}");
    expect(list().scrollLeft).toBe(0);
    expect(list().dataset.hiddenTabs).toBe("after");
  });

  it("opens scrolled to the tab the page opens on", () => {
    render(<Tabs label="Tool details" panels={PANELS} defaultValue="json" />);
    expect(tab("JSON").getAttribute("aria-selected")).toBe("true");
    expect(list().scrollLeft).toBe(PANELS.length * TAB_WIDTH - VIEW_WIDTH);
    expect(list().dataset.hiddenTabs).toBe("before");
  });

  it("scrolls a page of tabs when a pointer presses the chevron, which keyboards and screen readers never meet", async () => {
    const user = userEvent.setup();
    const { container } = render(<Tabs label="Tool details" panels={PANELS} />);
    const chevron = container.querySelector<HTMLButtonElement>('[data-tab-hint="after"]');
    expect(chevron?.getAttribute("aria-hidden")).toBe("true");
    expect(chevron?.tabIndex).toBe(-1);
    await user.click(chevron as HTMLButtonElement);
    expect(list().scrollLeft).toBe(VIEW_WIDTH - 2 * TAB_FADE_PX);
    expect(list().dataset.hiddenTabs).toBe("before after");
    expect(container.querySelector('[data-tab-hint="before"]')).not.toBeNull();
  });

  it("shows no hint when every tab fits", () => {
    render(<Tabs label="Tool details" panels={PANELS.slice(0, 3)} />);
    expect(list().dataset.hiddenTabs).toBeUndefined();
    expect(list().style.maskImage).toBe("");
  });
});
