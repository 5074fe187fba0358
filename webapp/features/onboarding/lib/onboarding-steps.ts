import { readFieldTags } from '../../../../contracts/discrepancy';
import type { DiscrepantField } from '../../../../contracts/moderation';

/** end-user.md §4 'Onboarding order': six input steps (SEX_CHOICE is the spec's SEX step), then the submission. */
export const ONBOARDING_STEPS = ['NAME', 'BIRTHDATE', 'SEX_CHOICE', 'GENDER', 'CITY', 'PHOTOS'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

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

const STEP_OF_FLAG: Partial<Record<DiscrepantField, OnboardingStep>> = {
  displayName: 'NAME',
  age: 'BIRTHDATE',
  gender: 'GENDER',
  city: 'CITY',
  photos: 'PHOTOS',
};

/** 'Исправить анкету': only the steps of the fields the moderator flagged, in order; all six when none of them is a step. */
export function flaggedSteps(reason: string | null): readonly OnboardingStep[] {
  const flagged = new Set(readFieldTags(reason ?? '').fields.flatMap((field) => STEP_OF_FLAG[field] ?? []));
  const steps = ONBOARDING_STEPS.filter((step) => flagged.has(step));
  return steps.length > 0 ? steps : ONBOARDING_STEPS;
}
