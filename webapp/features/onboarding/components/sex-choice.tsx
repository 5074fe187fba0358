import { SEX_LABELS, SEXES, type Sex } from '../../../../contracts/profile-fields';
import { ChoiceList, type Choice } from './choice-list';
import { StageIcon } from './stage-icon';

const OPTIONS: Choice<Sex>[] = SEXES.map((value) => ({
  value,
  label: SEX_LABELS[value],
  symbol: <StageIcon name={value === 'MALE' ? 'male' : 'female'} size={20} />,
}));

/** Male or female as large cards: sign-up's SEX step and the missing-sex screen. */
export function SexChoice({ selected, onSelect }: { selected: Sex | null; onSelect: (sex: Sex) => void }) {
  return <ChoiceList label="Пол" options={OPTIONS} selected={selected} onSelect={onSelect} />;
}
