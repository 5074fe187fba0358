// The orientations a profile names, without zod: start-up's status answer (contracts/onboarding-status.ts, zod/mini)
// checks them before the first screen, where the profile form's schemas (contracts/profile-fields.ts) are not loaded.
export const ORIENTATIONS = ['GAY', 'LESBIAN', 'BISEXUAL', 'PANSEXUAL', 'QUEER', 'ASEXUAL'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];
