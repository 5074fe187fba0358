import { useLayoutEffect, type RefObject } from 'react';

/** Only a header in the top third of the view is a screen's header (not, say, a sheet's at the bottom). */
function headersBottom(): number {
  let bottom = 0;
  for (const header of document.querySelectorAll('header')) {
    const box = header.getBoundingClientRect();
    if (box.height > 0 && box.top < window.innerHeight / 3) bottom = Math.max(bottom, box.bottom);
  }
  return bottom;
}

/** Moves an overlay at the top (`top` from its CSS otherwise) below the screen's headers, measured whenever `key` changes. */
export function useBelowHeaders(overlay: RefObject<HTMLElement | null>, key: unknown, gapPx = 8): void {
  useLayoutEffect(() => {
    const element = overlay.current;
    if (!element) return;
    const bottom = headersBottom();
    element.style.setProperty('top', bottom > 0 ? `${Math.round(bottom) + gapPx}px` : null);
  }, [overlay, key, gapPx]);
}
