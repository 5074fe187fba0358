import { z } from 'zod';

/**
 * The face check of a profile photo (issue 43): how many faces the model found and the main (largest) face's apparent
 * age, with the model that said so. `faces` null: the check failed for this photo ('Проверка возраста недоступна').
 * Nothing else of a face (descriptors, landmarks, crops) is kept.
 */
export const faceCheckSchema = z.object({
  faces: z.number().int().min(0).nullable(),
  age: z.number().int().min(0).max(120).nullable(),
  model: z.string(),
});
export type FaceCheck = z.infer<typeof faceCheckSchema>;

export const FACE_CHECK_MESSAGES = {
  noFace: 'Лицо не найдено',
  checkAge: 'Проверьте возраст',
  noFaceOnMain: 'Нет лица на главном фото',
  unavailable: 'Проверка возраста недоступна',
} as const;

/** 'Проверьте возраст' when a photo's face looks this many years older than stated, or more… */
export const AGE_FLAG_YEARS_OVER = 8;
/** …and at least this old. */
export const AGE_FLAG_MIN_APPARENT = 23;

const yearsWord = (n: number) => {
  const tens = n % 100;
  const last = n % 10;
  if (tens >= 11 && tens <= 14) return 'лет';
  if (last === 1) return 'год';
  return last >= 2 && last <= 4 ? 'года' : 'лет';
};

/** One photo's line: 'Лицо не найдено', 'На вид около N лет' or 'Проверка возраста недоступна'. */
export function faceLine(check: FaceCheck): string {
  if (check.faces === null) return FACE_CHECK_MESSAGES.unavailable;
  if (check.faces === 0 || check.age === null) return FACE_CHECK_MESSAGES.noFace;
  // 'около' takes the genitive: 'около 21 года', 'около 24 лет'.
  const genitive = check.age % 10 === 1 && check.age % 100 !== 11 ? 'года' : 'лет';
  return `На вид около ${check.age} ${genitive}`;
}

/** The stated age as shown beside the lines. */
export const statedAgeLine = (age: number) => `В анкете: ${age} ${yearsWord(age)}`;

/** Whether a face looks far older than the stated age (the check never decides: a moderator looks). */
const looksOlder = (check: FaceCheck, statedAge: number) =>
  check.age !== null && (check.faces ?? 0) > 0 && check.age >= statedAge + AGE_FLAG_YEARS_OVER && check.age >= AGE_FLAG_MIN_APPARENT;

/** The flags of a set of photos (the first is the main one) against the stated age. */
export function faceFlags(checks: readonly (FaceCheck | null)[], statedAge: number | null): string[] {
  const flags: string[] = [];
  if (statedAge !== null && checks.some((c) => c !== null && looksOlder(c, statedAge))) flags.push(FACE_CHECK_MESSAGES.checkAge);
  if (checks[0]?.faces === 0) flags.push(FACE_CHECK_MESSAGES.noFaceOnMain);
  return flags;
}

/**
 * What a moderator sees of the face check on a new profile or new photos: the stated age, one line per photo (null:
 * not checked) and the flags. Absent when no photo was checked (AGE_CHECK=off). It never decides: approve and reject
 * stay human.
 */
export const ageCheckViewSchema = z.object({
  statedAge: z.number().int().nullable(),
  lines: z.array(z.string().nullable()),
  flags: z.array(z.string()),
});
export type AgeCheckView = z.infer<typeof ageCheckViewSchema>;
