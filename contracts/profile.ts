import { z } from 'zod';
import { birthDateSchema } from './birth-date';
import { ONBOARDING_STATUSES } from './onboarding-status';
import { fitsSex, ORIENTATION_MISMATCH } from './orientation-options';
import {
  citySchema,
  displayNameSchema,
  lookingForSchema,
  orientationSchema,
  ORIENTATIONS,
  photoRefSchema,
  placeIdSchema,
  PROFILE_MESSAGES as M,
  SEXES,
  sexSchema,
  sliderSchema,
} from './profile-fields';

export type { OnboardingStatus, StatusResponse } from './onboarding-status';

export const MODERATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'DISCREPANT'] as const;

/** POST /api/profile/submit-base. The orientation must be one the chooser offers for the sex (AMENDMENTS §4.1): never rewritten, refused. */
export const submitBaseSchema = z
  .object({
    displayName: displayNameSchema,
    birthDate: birthDateSchema,
    sex: sexSchema,
    gender: orientationSchema,
    city: citySchema,
    placeId: placeIdSchema,
    photos: z.array(photoRefSchema, { error: M.threePhotos }).length(3, M.threePhotos),
  })
  .refine((v) => fitsSex(v.gender, v.sex), { message: ORIENTATION_MISMATCH, path: ['gender'] });
export type SubmitBaseInput = z.infer<typeof submitBaseSchema>;
/** What a client sends (the schema's input); SubmitBaseInput is the parsed value the server works with. */
export type SubmitBaseBody = z.input<typeof submitBaseSchema>;

/** POST /api/profile/submit-details; unknown fields are stripped. */
export const submitDetailsSchema = z.object({
  description: z.string({ error: M.descriptionShort }).trim().min(24, M.descriptionShort).max(1200, M.descriptionLong),
  consentAccepted: z.literal(true, { error: M.consentRequired }),
  lookingFor: lookingForSchema.default([]),
  heightCm: sliderSchema(130, 220, M.height),
});
export type SubmitDetailsInput = z.infer<typeof submitDetailsSchema>;
/** What a client sends (the schema's input); SubmitDetailsInput is the parsed value the server works with. */
export type SubmitDetailsBody = z.input<typeof submitDetailsSchema>;

export const submitResponseSchema = z.object({ ok: z.literal(true), status: z.enum(ONBOARDING_STATUSES) });

/** PATCH /api/profile/my: any subset; nothing is applied directly, it is queued for moderation. */
export const profileEditSchema = z.object({
  displayName: z.string().trim().min(2, M.nameTooShort).max(32, M.editNameTooLong).optional(),
  city: citySchema.optional(),
  placeId: placeIdSchema,
  bio: z.string().trim().min(1, M.bioRequired).max(1200, M.descriptionLong).optional(),
  gender: orientationSchema.optional(),
  lookingFor: lookingForSchema.optional(),
  heightCm: sliderSchema(130, 220, M.height),
  photos: z.array(photoRefSchema, { error: M.minOnePhoto }).min(1, M.minOnePhoto).max(3, M.threePhotos).optional(),
  // Fixed after registration (AMENDMENTS §1.4): present at all means refused.
  birthDate: z.undefined({ error: M.birthDateFixed }).optional(),
});
export type ProfileEditInput = z.infer<typeof profileEditSchema>;
/** What a client sends (the schema's input); ProfileEditInput is the parsed value the server works with. */
export type ProfileEditBody = z.input<typeof profileEditSchema>;

export const EDIT_QUEUED_MESSAGE = 'Изменения отправлены на модерацию';
export const NO_CHANGES_MESSAGE = 'Изменений нет';

export const profileEditResponseSchema = z.object({
  ok: z.literal(true),
  editQueued: z.boolean(),
  photosQueued: z.boolean(),
  message: z.string(),
});
export type ProfileEditResponse = z.infer<typeof profileEditResponseSchema>;

/** GET /api/profile/my: own profile; every field null (photos empty) before the first submission. Photo URLs are relative. */
export const myProfileSchema = z.object({
  ok: z.literal(true),
  displayName: z.string().nullable(),
  birthDate: z.string().nullable(),
  age: z.number().int().nullable(),
  city: z.string().nullable(),
  placeId: z.number().int().nullable(),
  bio: z.string().nullable(),
  sex: z.enum(SEXES).nullable(),
  gender: z.enum(ORIENTATIONS).nullable(),
  lookingFor: z.array(z.string()),
  heightCm: z.number().int().nullable(),
  photos: z.array(z.string()),
  moderation: z.object({ base: z.enum(MODERATION_STATUSES).nullable(), description: z.enum(MODERATION_STATUSES).nullable() }),
  /** Changes waiting for moderation. */
  pending: z.object({ edit: z.boolean(), photos: z.boolean() }),
});
export type MyProfile = z.infer<typeof myProfileSchema>;
