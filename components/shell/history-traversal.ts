/**
 * Browser Back and Forward, caught before they leave the page, through the Navigation API
 * (Chromium, Edge, Safari 26, Firefox 147): a same-document traversal fires a cancelable
 * `navigate` event, which is cancelled while work is unsaved and replayed once the operator
 * chooses to leave. Where the API is missing, Back goes on and the kept draft is offered on return.
 * TypeScript's DOM library does not describe the API yet, hence the few types below.
 */

interface TraversalEvent extends Event {
  readonly navigationType: "push" | "replace" | "reload" | "traverse";
  readonly cancelable: boolean;
  readonly destination: { readonly key: string; readonly sameDocument: boolean };
}

interface NavigationLike extends EventTarget {
  traverseTo(key: string): unknown;
}

function browserNavigation(): NavigationLike | null {
  const navigation = (window as unknown as { navigation?: NavigationLike }).navigation;
  return navigation && typeof navigation.traverseTo === "function" ? navigation : null;
}

/**
 * Calls `onTraversal` with a way to go on when Back or Forward would leave the page while
 * `held()` is true, having stopped it; returns the function that stops listening.
 */
export function catchHistoryTraversals(held: () => boolean, onTraversal: (goOn: () => void) => void): () => void {
  const navigation = browserNavigation();
  if (!navigation) return () => {};
  const onNavigate = (event: Event) => {
    const traversal = event as TraversalEvent;
    if (traversal.navigationType !== "traverse" || !traversal.cancelable || !held()) return;
    traversal.preventDefault();
    const { key } = traversal.destination;
    onTraversal(() => void navigation.traverseTo(key));
  };
  navigation.addEventListener("navigate", onNavigate);
  return () => navigation.removeEventListener("navigate", onNavigate);
}
