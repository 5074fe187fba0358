import { z } from 'zod';
import { LOOKING_FOR, ORIENTATIONS, SEXES } from '../../../../contracts/profile-fields';
import { deviceStorage } from '../../../lib/device-storage';

const DRAFT_KEY = 'onboarding-draft';

const text = (max: number) => z.string().max(max).catch('');
const orNull = <T extends z.ZodType>(schema: T) => schema.nullable().catch(null);

/** end-user.md §3 'Local onboarding drafts' (without the size field), plus the uploaded photo URLs. Each field falls back alone. */
const draftSchema = z.object({
  displayName: text(64),
  birthDate: z.object({ day: text(2), month: text(2), year: text(4) }).catch({ day: '', month: '', year: '' }),
  sex: orNull(z.enum(SEXES)),
  gender: orNull(z.enum(ORIENTATIONS)),
  city: text(128),
  placeId: orNull(z.number().int().positive()),
  photos: z
    .array(
      z
        .string()
        .regex(/^\/cdn\/images\/[a-f0-9]+\/profile$/)
        .nullable(),
    )
    .length(3)
    .catch([null, null, null]),
  description: text(1200),
  consent: z.boolean().catch(false),
  lookingFor: z.array(z.enum(LOOKING_FOR)).catch([]),
  heightCm: orNull(z.number().int().min(130).max(220)),
});
export type OnboardingDraft = z.infer<typeof draftSchema>;

function read(): unknown {
  try {
    return JSON.parse(deviceStorage.get(DRAFT_KEY) ?? '{}');
  } catch {
    return {};
  }
}

/** The saved draft; anything missing or malformed comes back empty. */
export function loadDraft(): OnboardingDraft {
  const raw = read();
  return draftSchema.parse(raw && typeof raw === 'object' ? raw : {});
}

/** Kept per Telegram account (AMENDMENTS §5.7); without storage the flow still works, only without a draft. */
export function saveDraft(patch: Partial<OnboardingDraft>): void {
  deviceStorage.set(DRAFT_KEY, JSON.stringify({ ...loadDraft(), ...patch }));
}

export function clearDraft(): void {
  deviceStorage.remove(DRAFT_KEY);
}
