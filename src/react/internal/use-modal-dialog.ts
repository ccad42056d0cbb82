import { useLayoutEffect, type RefObject } from 'react';

/**
 * Opens `dialog` as a modal `<dialog>` while mounted (the browser keeps focus inside it), then
 * `opened` (where focus goes first); on unmount closes it and gives focus back to what had it
 * before (the button that opened it). A layout effect: the focus goes back in the commit that
 * removes the dialog, where a passive effect left it on the page's body until after paint
 * (WebKit ran a story's next check there).
 */
export function useModalDialog(dialog: RefObject<HTMLDialogElement | null>, opened?: () => void): void {
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const before = element.ownerDocument.activeElement as HTMLElement | null;
    if (!element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    opened?.();
    return () => {
      if (element.open) {
        if (typeof element.close === 'function') element.close();
        else element.removeAttribute('open');
      }
      if (before?.isConnected) before.focus();
    };
    // Once, as the dialog mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
