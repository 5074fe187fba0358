// The delivery marks beside an own message's time, as data: the bubble draws them (delivery-mark.tsx), and so does
// the page's inline script (webapp/boot) for a chat it paints before the app.
export const DELIVERY_GLYPH = {
  sending: { wide: false, path: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7.5V12l3 2' },
  failed: { wide: false, path: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7.5v5.5M12 16.5h.01' },
  sent: { wide: false, path: 'm5 12.5 4.5 4.5L19 7.5' },
  read: { wide: true, path: 'm3 12.5 4.5 4.5L17 7.5M13 16l1 1 9.5-9.5' },
} as const;
export type DeliveryState = keyof typeof DELIVERY_GLYPH;

/** The mark's box: two checks are wider than one. */
export const deliveryBox = (state: DeliveryState) =>
  DELIVERY_GLYPH[state].wide ? { width: 18, viewBox: '0 0 30 24' } : { width: 14, viewBox: '0 0 24 24' };
