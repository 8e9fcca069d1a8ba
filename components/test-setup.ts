// Setup for component tests (jsdom): the few browser APIs Radix and cmdk call that jsdom lacks.
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Testing Library only unmounts by itself when the test runner's globals are on; ours are not.
afterEach(() => cleanup());

// Radix positions popovers and menus with floating-ui, which watches sizes.
if (!("ResizeObserver" in globalThis)) {
  globalThis.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// cmdk scrolls the highlighted item into view; Radix menus and selects capture the pointer.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= function hasPointerCapture() {
  return false;
};
Element.prototype.setPointerCapture ??= function setPointerCapture() {};
Element.prototype.releasePointerCapture ??= function releasePointerCapture() {};
