import { SEX_LABELS, SEXES, type Sex } from '../../../../api/contracts/profile-fields';
import { haptics } from '../../../lib/telegram/haptics';
import { useOnboardingStore } from '../stores/onboarding-store';
import { ChoiceList, type Choice } from './choice-list';
import { StageIcon } from './stage-icon';

const OPTIONS: Choice<Sex>[] = SEXES.map((value) => ({
  value,
  label: SEX_LABELS[value],
  symbol: <StageIcon name={value === 'MALE' ? 'male' : 'female'} size={20} />,
}));

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
