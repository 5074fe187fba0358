import { z } from 'zod';
import { faceCheckSchema } from './face-check';

/**
 * Screening of uploaded images by an on-device classifier (issue #27). The classes are the model's (nsfwjs's
 * MobileNetV2: Drawing, Hentai, Neutral, Porn, Sexy), lower-cased; each score is a probability, together about 1.
 */
const SCREENING_CLASSES = ['drawing', 'hentai', 'neutral', 'porn', 'sexy'] as const;
type ScreeningClass = (typeof SCREENING_CLASSES)[number];

const score = z.number().min(0).max(1);
export const screeningScoresSchema = z.object({ drawing: score, hentai: score, neutral: score, porn: score, sexy: score });
export type ScreeningScores = z.infer<typeof screeningScoresSchema>;

/**
 * What screening made of one image:
 * - 'clean': nothing to act on;
 * - 'borderline': Sexy over its flag threshold, or Porn/Hentai between the flag and the refuse thresholds;
 * - 'explicit': Porn or Hentai at or over the refuse threshold.
 */
export const SCREENING_VERDICTS = ['clean', 'borderline', 'explicit'] as const;
export type ScreeningVerdict = (typeof SCREENING_VERDICTS)[number];

export const SCREENING_MESSAGES = {
  /** 400 of a profile photo upload (onboarding, edits, admin uploads) judged explicit: nothing is stored. */
  profilePhotoRefused: 'Фото не прошло проверку: загрузите другое',
  /** 400 of a chat photo refused (explicit where one side is under 18): nothing is stored or delivered. */
  chatPhotoRefused: 'Фото не отправлено: оно похоже на откровенное',
  /** 400 of POST /api/stickers/import when any sticker of the pack is explicit: nothing of the pack is added. */
  stickerPackRefused: 'Стикер-пак не прошёл проверку',
  /** Moderation card: a profile photo screening flagged as borderline. */
  checkPhoto: 'Проверьте фото',
  /** Chat: the warning over a `sensitive` photo or sticker before 'Показать'. */
  mayBeExplicit: 'Фото может быть откровенным',
  /** Label of the report screening files after the third refused chat photo of a user in a day (UTC). */
  reportReason: 'Откровенные фото',
  /** The bot's inline approve button on a profile with a flagged photo. */
  approveInPanel: 'Фото требует проверки: откройте анкету в панели модерации',
} as const;

/**
 * `error` of the 400 answers above (ErrorBody.error), so a client can tell a screening refusal from another 400:
 * PHOTO_REFUSED (profile or chat photo), STICKER_PACK_REFUSED.
 */
export const SCREENING_ERRORS = { photoRefused: 'PHOTO_REFUSED', stickerPackRefused: 'STICKER_PACK_REFUSED' } as const;

/** One photo's screening as moderators see it; `flagged`: borderline, a moderator must look before approving. */
export const photoCheckSchema = z.object({
  scores: screeningScoresSchema,
  flagged: z.boolean(),
  /** Its face check (issue 43), when it had one. */
  face: faceCheckSchema.nullable().optional(),
});
export type PhotoCheck = z.infer<typeof photoCheckSchema>;

/** Scores as the moderation card shows them: 'Porn 3% · Sexy 72% · …', largest first. */
export function formatScores(scores: ScreeningScores): string {
  const label: Record<ScreeningClass, string> = { drawing: 'Drawing', hentai: 'Hentai', neutral: 'Neutral', porn: 'Porn', sexy: 'Sexy' };
  return SCREENING_CLASSES.map((c) => ({ c, v: scores[c] }))
    .sort((a, b) => b.v - a.v)
    .map(({ c, v }) => `${label[c]} ${Math.round(v * 100)}%`)
    .join(' · ');
}
