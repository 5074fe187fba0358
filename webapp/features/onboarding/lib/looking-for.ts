import type { LookingFor } from '../../../../api/contracts/profile-fields';

/** The three goals the product offers (AMENDMENTS §1.2), in display order. */
export const LOOKING_FOR_OPTIONS: readonly { value: LookingFor; label: string; symbol: string }[] = [
  { value: 'LONG_DISTANCE', label: 'Отношения на расстоянии', symbol: '🌍' },
  { value: 'LOCAL', label: 'Отношения локальные', symbol: '📍' },
  { value: 'COMMUNICATION', label: 'Общение', symbol: '💬' },
];

export const LOOKING_FOR_REQUIRED = 'Выберите хотя бы один вариант';
