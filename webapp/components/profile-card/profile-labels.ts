import { LOOKING_FOR, ORIENTATIONS, type LookingFor, type Orientation } from '../../../contracts/profile-fields';

export const ORIENTATION_LABELS: Record<Orientation, string> = {
  GAY: 'Гей',
  LESBIAN: 'Лесби',
  BISEXUAL: 'Би',
  PANSEXUAL: 'Пан',
  QUEER: 'Квир',
  ASEXUAL: 'Асексуал',
};

/** Only the three goals the product offers (AMENDMENTS §1.2); anything else on a card is not shown. */
export const LOOKING_FOR_LABELS: Record<LookingFor, string> = {
  LONG_DISTANCE: 'Отношения на расстоянии',
  LOCAL: 'Отношения локальные',
  COMMUNICATION: 'Общение',
};

const isOrientation = (value: string): value is Orientation => (ORIENTATIONS as readonly string[]).includes(value);
const isLookingFor = (value: string): value is LookingFor => (LOOKING_FOR as readonly string[]).includes(value);

export function orientationLabel(gender: string | null | undefined): string | null {
  return gender && isOrientation(gender) ? ORIENTATION_LABELS[gender] : null;
}

/** Labels of the known goals in the product's order, each once. */
export function lookingForLabels(values: readonly string[] | undefined): string[] {
  const known = new Set((values ?? []).filter(isLookingFor));
  return LOOKING_FOR.filter((value) => known.has(value)).map((value) => LOOKING_FOR_LABELS[value]);
}

/** Height in metres with two decimals: 175 → '1.75 м'. */
export const formatHeight = (cm: number): string => `${(cm / 100).toFixed(2)} м`;

/** 'Аня, 15', or the name alone when the age is unknown. */
export function nameWithAge(displayName: string | null, age: number | null): string {
  const name = displayName?.trim() || 'Пользователь';
  return age === null ? name : `${name}, ${age}`;
}
