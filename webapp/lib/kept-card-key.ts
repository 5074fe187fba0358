/** The device-storage name of the explore card kept from the last visit (AMENDMENTS §5.7; persisted-card.ts). */
export const KEPT_CARD_NAME = 'explore.currentCard';
