import { SEXES, type Sex } from '../../../../api/contracts/profile-fields';
import { haptics } from '../../../lib/telegram/haptics';
import { SEX_LABELS } from '../lib/orientation';
import { useOnboardingStore } from '../stores/onboarding-store';
import { ChoiceList, type Choice } from './choice-list';

const SYMBOLS: Record<Sex, string> = { MALE: '♂', FEMALE: '♀' };
const OPTIONS: Choice<Sex>[] = SEXES.map((value) => ({ value, label: SEX_LABELS[value], symbol: SYMBOLS[value] }));

/** SEX: male or female. */
export function SexStep() {
  const sex = useOnboardingStore((s) => s.values.sex);
  const update = useOnboardingStore((s) => s.update);
  const select = (value: Sex) => {
    haptics.select();
    update({ sex: value });
  };
  return <ChoiceList label="Пол" options={OPTIONS} selected={sex} onSelect={select} />;
}
