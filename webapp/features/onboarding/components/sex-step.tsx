import type { Sex } from '../../../../contracts/profile-fields';
import { haptics } from '../../../lib/telegram/haptics';
import { useOnboardingStore } from '../stores/onboarding-store';
import { SexChoice } from './sex-choice';

/** SEX: male or female; required (AMENDMENTS §5.2). */
export function SexStep() {
  const sex = useOnboardingStore((s) => s.values.sex);
  const update = useOnboardingStore((s) => s.update);
  const select = (value: Sex) => {
    haptics.select();
    update({ sex: value });
  };
  return <SexChoice selected={sex} onSelect={select} />;
}
