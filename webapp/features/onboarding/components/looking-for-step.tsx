import type { LookingFor } from '../../../../contracts/profile-fields';
import { haptics } from '../../../lib/telegram/haptics';
import { LOOKING_FOR_OPTIONS } from '../lib/looking-for';
import { useDescriptionStore } from '../stores/description-store';
import { ChoiceList, type Choice } from './choice-list';
import { StageIcon } from './stage-icon';

const OPTIONS: Choice<LookingFor>[] = LOOKING_FOR_OPTIONS.map(({ value, label, icon }) => ({
  value,
  label,
  symbol: <StageIcon name={icon} size={20} />,
}));

/** LOOKING: one or more of the three goals. */
export function LookingForStep() {
  const selected = useDescriptionStore((s) => s.values.lookingFor);
  const update = useDescriptionStore((s) => s.update);
  const toggle = (value: LookingFor) => {
    haptics.select();
    update({ lookingFor: selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value] });
  };
  return <ChoiceList label="Что вы ищете" options={OPTIONS} selected={selected} onSelect={toggle} />;
}
