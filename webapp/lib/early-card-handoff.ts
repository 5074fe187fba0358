// The hand-off between the page's plain-DOM first card (webapp/boot/early-card.ts) and the app: the app takes over
// in the same frame as it draws its own state, and a card not yet painted is then never painted.
export const EARLY_CARD_ID = 'early-card';

type HandoffWindow = { __earlyCardTaken?: boolean };

export const earlyCardTaken = () => (window as HandoffWindow).__earlyCardTaken === true;

/** Removes the early card (if painted) and keeps it from being painted later. */
export function takeOverEarlyCard(): void {
  (window as HandoffWindow).__earlyCardTaken = true;
  document.getElementById(EARLY_CARD_ID)?.remove();
}
