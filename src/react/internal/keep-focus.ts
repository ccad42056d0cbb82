// Focus for a control that takes itself away or disables itself (Back on the first step, Next
// on the last page, a chip's remove button): browsers then drop focus to the page's body,
// where a keyboard or screen reader user has lost their place.

/**
 * After the change a click on `from` made has rendered: if `from` is gone or disabled and
 * focus fell to the body (or stayed on `from`), focus goes to `next()` instead. Does nothing
 * when the user has moved on, or when `from` still works.
 */
export function keepFocusNear(from: HTMLElement, next: () => HTMLElement | null | undefined): void {
  // A task later: React has rendered the click's change by then.
  setTimeout(() => {
    const at = document.activeElement;
    if (at && at !== document.body && at !== from) return;
    if (from.isConnected && !(from as HTMLButtonElement).disabled) return;
    next()?.focus();
  });
}
