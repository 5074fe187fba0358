/** end-user.md §4 'Onboarding order': six input steps (SEX_CHOICE is the spec's SEX step), then the submission. */
export const ONBOARDING_STEPS = ['NAME', 'BIRTHDATE', 'SEX_CHOICE', 'GENDER', 'CITY', 'PHOTOS'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const stepIndex = (step: OnboardingStep) => ONBOARDING_STEPS.indexOf(step);

const STEP_OF_FIELD = new Map<string, OnboardingStep>([
  ['displayName', 'NAME'],
  ['birthDate', 'BIRTHDATE'],
  ['sex', 'SEX_CHOICE'],
  ['gender', 'GENDER'],
  ['city', 'CITY'],
  ['placeId', 'CITY'],
]);

/**
 * After a failed submission: the step of the field the refusal names (the server's `field`, a schema issue's path),
 * else photos. Never read from the message's wording: 'пользователя' contains 'пол'.
 */
export function stepForFailure(field: string | null | undefined): OnboardingStep {
  return STEP_OF_FIELD.get(field?.split('.')[0] ?? '') ?? 'PHOTOS';
}
