import { orientationsForSex } from '../../../../contracts/orientation-options';
import type { Orientation } from '../../../../contracts/profile-fields';
import { haptics } from '../../../lib/telegram/haptics';
import { ORIENTATION_LABELS } from '../../../components/profile-card/profile-labels';
import { useOnboardingStore } from '../stores/onboarding-store';
import { ChoiceList, type Choice } from './choice-list';
import styles from './fields.module.css';

/** GENDER: only the orientations the spec offers for the chosen sex (AMENDMENTS §4.1); a choice is never rewritten. */
export function OrientationStep() {
  const gender = useOnboardingStore((s) => s.values.gender);
  const sex = useOnboardingStore((s) => s.values.sex);
  const notice = useOnboardingStore((s) => s.notice);
  const update = useOnboardingStore((s) => s.update);
  const options: Choice<Orientation>[] = orientationsForSex(sex).map((value) => ({ value, label: ORIENTATION_LABELS[value] }));
  const select = (value: Orientation) => {
    haptics.select();
    update({ gender: value });
  };
  return (
    <>
      {notice && (
        <p className={styles.tip} role="status">
          {notice}
        </p>
      )}
      <ChoiceList label="Ориентация" options={options} selected={gender} onSelect={select} columns={2} />
    </>
  );
}
