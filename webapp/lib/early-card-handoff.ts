// The hand-off between the page's plain-DOM early paint (webapp/boot: the first card, the chat list or a chat) and the
// app: the landing screen takes over in the same frame as it draws its own state, and a paint not yet made is then
// never made.
export const EARLY_CARD_ID = 'early-card';

type HandoffWindow = { __earlyCardTaken?: boolean };

export const earlyCardTaken = () => (window as HandoffWindow).__earlyCardTaken === true;

/** The early paint is on screen (the app has not taken over yet). */
export const earlyPaintShown = () => document.getElementById(EARLY_CARD_ID) !== null;

/** Removes the early paint (if made) and keeps it from being made later. */
export function takeOverEarlyCard(): void {
  (window as HandoffWindow).__earlyCardTaken = true;
  document.getElementById(EARLY_CARD_ID)?.remove();
}
