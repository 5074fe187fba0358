import { ORIENTATIONS, type Orientation } from '../../../../api/contracts/profile-fields';
import { haptics } from '../../../lib/telegram/haptics';
import { ORIENTATION_LABELS } from '../../../components/profile-card/profile-labels';
import { useOnboardingStore } from '../stores/onboarding-store';
import { ChoiceList, type Choice } from './choice-list';

const OPTIONS: Choice<Orientation>[] = ORIENTATIONS.map((value) => ({ value, label: ORIENTATION_LABELS[value] }));

/** GENDER: the orientation; GAY with FEMALE is stored as LESBIAN. */
export function OrientationStep() {
  const gender = useOnboardingStore((s) => s.values.gender);
  const update = useOnboardingStore((s) => s.update);
  const select = (value: Orientation) => {
    haptics.select();
    update({ gender: value });
  };
  return <ChoiceList label="Ориентация" options={OPTIONS} selected={gender} onSelect={select} columns={2} />;
}
