import type { LookingFor } from '../../../../contracts/profile-fields';

/** The three goals the product offers (AMENDMENTS §1.2), in display order. */
export const LOOKING_FOR_OPTIONS: readonly { value: LookingFor; label: string; icon: 'globe' | 'pin' | 'chat' }[] = [
  { value: 'LONG_DISTANCE', label: 'Отношения на расстоянии', icon: 'globe' },
  { value: 'LOCAL', label: 'Отношения локальные', icon: 'pin' },
  { value: 'COMMUNICATION', label: 'Общение', icon: 'chat' },
];

export const LOOKING_FOR_REQUIRED = 'Выберите хотя бы один вариант';
