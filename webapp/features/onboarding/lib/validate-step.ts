import type { ZodType } from 'zod';
import '../../../lib/zod-russian';
import { birthDateSchema } from '../../../../contracts/birth-date';
import { fitsSex, ORIENTATION_MISMATCH } from '../../../../contracts/orientation-options';
import { displayNameSchema, orientationSchema, PROFILE_MESSAGES, sexSchema } from '../../../../contracts/profile-fields';
import type { Orientation, Sex } from '../../../../contracts/profile-fields';
import { joinBirthDate, type BirthParts } from './birth-date-boxes';
import type { OnboardingStep } from './onboarding-steps';

export interface BaseValues {
  displayName: string;
  birthDate: BirthParts;
  sex: Sex | null;
  gender: Orientation | null;
  city: string;
  placeId: number | null;
  photos: readonly (string | null)[];
}

/** The first issue the shared schema finds (its message and the field it is about), or null when the value passes. */
export function firstFailure(schema: ZodType, value: unknown): { message: string; field: string } | null {
  const result = schema.safeParse(value);
  const issue = result.success ? undefined : result.error.issues[0];
  return issue ? { message: issue.message, field: issue.path.map(String).join('.') } : null;
}

/** The first message the shared schema gives, or null when the value passes. */
export const firstIssue = (schema: ZodType, value: unknown): string | null => firstFailure(schema, value)?.message ?? null;

/** The spec's message for what blocks leaving a step, checked with the same schemas as the server's route. */
export function validateStep(step: OnboardingStep, values: BaseValues): string | null {
  switch (step) {
    case 'NAME':
      return firstIssue(displayNameSchema, values.displayName);
    case 'BIRTHDATE':
      return firstIssue(birthDateSchema, joinBirthDate(values.birthDate));
    case 'SEX_CHOICE':
      return firstIssue(sexSchema, values.sex);
    case 'GENDER':
      // A draft from before the chooser followed the sex may hold one it does not offer.
      return (
        firstIssue(orientationSchema, values.gender) ?? (values.gender && !fitsSex(values.gender, values.sex) ? ORIENTATION_MISMATCH : null)
      );
    case 'CITY':
      return values.placeId === null || !values.city.trim() ? PROFILE_MESSAGES.cityFromList : null;
    case 'PHOTOS':
      return values.photos.filter(Boolean).length === 3 ? null : PROFILE_MESSAGES.threePhotos;
  }
}
