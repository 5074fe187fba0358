/** end-user.md §4 'Onboarding order': six input steps (SEX_CHOICE is the spec's SEX step), then the submission. */
export const ONBOARDING_STEPS = ['NAME', 'BIRTHDATE', 'SEX_CHOICE', 'GENDER', 'CITY', 'PHOTOS'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const stepIndex = (step: OnboardingStep) => ONBOARDING_STEPS.indexOf(step);

/** After a failed submission: back to the birth date when the message is about the date or age, to sex when about sex, else photos. */
export function stepForFailure(message: string): OnboardingStep {
  const text = message.toLowerCase();
  if (['дат', 'возраст', 'лет'].some((word) => text.includes(word))) return 'BIRTHDATE';
  if (text.includes('пол')) return 'SEX_CHOICE';
  return 'PHOTOS';
}
